"""The table view: a public second screen for the players (`companion table FILE`).

It follows a save another process writes (the game master's app, or `companion act`) and
shows only the public view (companion/core/public.py) and the live file beside the save
(companion/core/live.py): never the game object, never a private state.
"""
