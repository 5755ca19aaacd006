"""Subcommands of ``okey``: each module configures its parser and runs."""
