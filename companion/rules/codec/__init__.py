"""The engines' plain-data codecs: actions as JSON-ready dicts (records) and a State as plain data for the
store's checkpoints (state_codec)."""
