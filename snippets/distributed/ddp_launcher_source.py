"""Print the launcher the DDP snippets on this page share: the exact code they run."""
import inspect

import ddplab
from ddplab import _rank_main, free_port, run_on_ranks

module_lines = inspect.getsource(ddplab).splitlines()
print(next(line for line in module_lines if line.startswith("START_METHOD =")), end="\n\n\n")
for function in (free_port, _rank_main, run_on_ranks):
    assert inspect.getmodule(function) is ddplab
    print(inspect.getsource(function))
