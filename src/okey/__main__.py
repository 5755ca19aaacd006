"""``python -m okey``: the same as the ``okey`` command."""

import sys

from okey.cli import main

if __name__ == "__main__":
    sys.exit(main())
