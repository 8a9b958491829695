"""The `agon` command."""
