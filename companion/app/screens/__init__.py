"""The app's screens; each reads the engines and the store and holds no rule of its own."""
