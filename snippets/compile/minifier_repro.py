# snippet: timeout=300
"""The minifier: with repro_after="dynamo" (TORCHDYNAMO_REPRO_AFTER=dynamo), a backend that fails
writes minifier_launcher.py; running it shrinks the graph to the smallest one that still fails."""
import glob
import os
import pathlib
import subprocess
import sys
import tempfile

import torch
import torch._dynamo.config as dynamo_config
from logcapture import torch_logs


def f(x):
    a = torch.sin(x) * 3
    b = torch.cos(a) + x
    c = torch.relu(b)            # the test backend below fails on every relu
    d = torch.exp(c) - 1
    return torch.tanh(d).sum()


workdir = tempfile.mkdtemp()
dynamo_config.debug_dir_root = workdir       # where the launcher and repro are written
dynamo_config.repro_after = "dynamo"          # the same as TORCHDYNAMO_REPRO_AFTER=dynamo
dynamo_config.repro_level = 2                 # write the launcher, do not run it
with torch_logs():                              # the paths it logs depend on the run
    try:
        torch.compile(f, backend="relu_compile_error_TESTING_ONLY")(torch.randn(3))
    except Exception as error:
        print("compile failed:", type(error).__name__)

(launcher,) = glob.glob(f"{workdir}/**/minifier_launcher.py", recursive=True)
print("written:", os.path.basename(launcher))
run = subprocess.run([sys.executable, launcher], cwd=os.path.dirname(launcher),
                     capture_output=True, text=True, timeout=240)
repro = pathlib.Path(launcher).with_name("repro.py").read_text()
forward = repro[repro.index("    def forward"):repro.index("mod = Repro()")].rstrip()
print("the minified repro.py, forward of its Repro module:")
print(forward)
assert run.returncode == 0 and "torch.relu" in forward and "torch.sin" not in forward
