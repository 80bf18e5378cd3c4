# snippet: timeout=600
"""AOTInductor: compile an ExportedProgram ahead of time into a .pt2 package with a shared library,
load it back and run it (from Python here; the same package loads from C++)."""
import os
import tempfile
import warnings
import zipfile

import torch

warnings.filterwarnings("ignore", message=".*LeafSpec.*", category=FutureWarning)  # torch-internal


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(4, 2)

    def forward(self, x):
        return torch.relu(self.linear(x))


torch.manual_seed(0)
model = Head().eval()
x = torch.randn(3, 4)
ep = torch.export.export(model, (x,), dynamic_shapes={"x": {0: torch.export.Dim("batch")}})

path = os.path.join(tempfile.mkdtemp(), "head.pt2")
with torch.no_grad():
    torch._inductor.aoti_compile_and_package(ep, package_path=path)   # C++ compile: slow
names = zipfile.ZipFile(path).namelist()
print("package holds a shared library:", any(name.endswith(".so") for name in names))

runner = torch._inductor.aoti_load_package(path)        # no Head class needed to run it
batch = torch.randn(5, 4)
with torch.no_grad():
    print("batch of 5 ->", tuple(runner(batch).shape),
          " matches eager:", torch.allclose(runner(batch), model(batch), atol=1e-6))
assert torch.allclose(runner(batch), model(batch), atol=1e-6)
