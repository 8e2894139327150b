"""A finished game handed on: its result sheet's content (result_sheet) and its BG Stats play (bgstats)."""
