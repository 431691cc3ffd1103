"""The Textual app: the start screen, the dice-and-tables screen and the
frame every game screen reuses. It holds no rule: every game action is a
notation string handed to `Session.act`.

`create_app()` in `companion.tui.app` is the one way to build the app, for
the console script and for the tests alike.
"""
