"""Print the core of the engine model: the very functions the other snippets on this page run."""
import inspect

import enginemodel
from enginemodel import count_dependencies, run_backward

for function in (count_dependencies, run_backward):
    assert inspect.getmodule(function) is enginemodel
    print(inspect.getsource(function))
