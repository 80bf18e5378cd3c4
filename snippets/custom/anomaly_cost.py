"""Anomaly detection is for debugging: it records a stack trace per op and checks every gradient."""
import time
import warnings

import torch
from fieldkit import measured

torch.manual_seed(0)
w = torch.randn(64, 64, requires_grad=True)
x = torch.randn(32, 64)


def step():
    h = x
    for _ in range(20):                       # 20 small layers: many ops, little arithmetic
        h = torch.tanh(h @ w)
    h.sum().backward()


def ms_per_step(repeats=15):
    step()                                    # warm-up
    start = time.perf_counter()
    for _ in range(repeats):
        step()
    return (time.perf_counter() - start) / repeats * 1e3


# --8<-- [start:measure]
plain = ms_per_step()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")           # the "Anomaly Detection has been enabled" warning
    with torch.autograd.detect_anomaly():
        anomaly = ms_per_step()
    with torch.autograd.detect_anomaly(check_nan=False):
        traces_only = ms_per_step()
# --8<-- [end:measure]
print(f"plain:                           {measured(f'{plain:.2f} ms')} per step")
print(f"detect_anomaly():                {measured(f'{anomaly:.2f} ms')} per step"
      f"  ({measured(f'{anomaly / plain:.1f}x')})")
print(f"detect_anomaly(check_nan=False): {measured(f'{traces_only:.2f} ms')} per step"
      f"  ({measured(f'{traces_only / plain:.1f}x')})")
# What it costs, checked without timing (a ratio depends on the machine): each recorded node
# carries the forward stack trace, with or without the NaN checks, and none does without the mode.
def traced(**mode):
    x = torch.ones(2, requires_grad=True)
    if mode:
        with torch.autograd.detect_anomaly(**mode):
            return "traceback_" in (x * 2).grad_fn.metadata
    return "traceback_" in (x * 2).grad_fn.metadata


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    recorded = {"plain": traced(), "detect_anomaly()": traced(check_nan=True),
                "check_nan=False": traced(check_nan=False)}
print("stack trace stored on each node:", recorded)
assert recorded == {"plain": False, "detect_anomaly()": True, "check_nan=False": True}
