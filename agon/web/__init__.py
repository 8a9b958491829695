"""The web page's static files (static/): lobby, game page, replay viewer and board renderers.

`agon serve` serves them; no build step: plain ES modules, CSS and SVG.
"""
