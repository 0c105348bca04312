"""The pygame-ce table (built by the table issues). Only this package imports pygame."""
