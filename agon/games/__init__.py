"""The games, one package each; agon.engine.game.GAME_MODULES maps ids to them."""
