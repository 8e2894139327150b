"""The games' rules: plain data and pure functions.

Nothing in this package does I/O or imports a UI, printing or storage library;
``tests/unit_tests/test_purity.py`` proves it.
"""
