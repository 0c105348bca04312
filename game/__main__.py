"""``python -m game``: the same as the ``rummy500`` command."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
