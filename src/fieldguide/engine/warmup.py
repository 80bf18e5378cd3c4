"""Imported last by the fork server: pay one-time initialisation once, not in every snippet.

Seeding numpy's legacy generator and torch's CPU generator the first time costs several
milliseconds (lazy set-up that every forked child would otherwise repeat). Neither starts a
thread or runs a tensor operation, so forking after this stays safe. Each snippet still gets
its own reset (``child._reset_state``).

The server adopts whatever a snippet's processes leave orphaned (reaping them without a warning
each) and whatever a crashed snippet left running and kills everything below it when
it exits, which it does as soon as the build that started it is gone (``processes``).

Last, the objects the imports created are frozen out of garbage collection: a snippet's
collections then skip them instead of walking (and so copying) the memory they share with the
server.
"""

import atexit
import gc
import os
import sys
import warnings

from fieldguide.engine import processes

processes.become_subreaper()
# Adopted orphans are reaped by the server's own loop, which warns about each pid it did not
# fork: expected here, so not one line per process a snippet started.
warnings.filterwarnings("ignore", "forkserver: waitpid returned unexpected pid", UserWarning)
atexit.register(processes.kill_tree, os.getpid(), include_root=False)

if "numpy" in sys.modules:
    sys.modules["numpy"].random.seed(0)
if "torch" in sys.modules:
    sys.modules["torch"].default_generator.manual_seed(0)
gc.freeze()
