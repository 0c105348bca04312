"""Entry script of the standalone builds (``build_specs/rummy500.spec``).

``multiprocessing.freeze_support()`` comes first under the ``__main__``
guard: the AI worker processes (``spawn`` context) start as this same
executable, and it turns them into workers instead of second windows.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.cli import main

    sys.exit(main())
