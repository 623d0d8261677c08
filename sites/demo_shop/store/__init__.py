"""The shop's data: typed reads and writes over its SQLite database, one concept a module."""
