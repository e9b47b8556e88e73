"""The scenes around the table: title, new game, menus, hand over, rules, statistics, settings."""
