"""Print the launcher the DDP snippets on this page share: the exact code they run."""
import inspect

import ddplab
from ddplab import _rank_main, free_port, run_on_ranks

for function in (free_port, _rank_main, run_on_ranks):
    assert inspect.getmodule(function) is ddplab
    print(inspect.getsource(function))
