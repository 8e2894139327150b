"""Widgets that draw a game's state; they show what the engines say and decide nothing."""
