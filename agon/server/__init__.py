"""`agon serve`: the game server (matches with seats, live play, bots server-side, durable storage).

Needs the `web` extra: `pip install 'agon[web]'`. Build an app with `create_app(Settings(...))`.
"""
