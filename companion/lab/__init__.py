"""The designer's lab (``companion lab``): deck variants played side by side at several player counts on
simulated tables (``companion.simulate``), compared beyond chance (``analysis``), and reported as JSON,
CSV and one HTML file with inline SVG charts (``charts``, ``page``)."""
