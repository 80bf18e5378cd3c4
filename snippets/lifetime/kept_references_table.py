"""Five ways to keep results from an evaluation loop, and what each keeps alive after the loop."""
import torch
from graphwatch import NodeCensus, SavedTensorLedger

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1))
batches = [torch.randn(32, 64) for _ in range(5)]


def evaluate(pattern):
    """Run five batches keeping results as ``pattern`` says; count what is alive afterwards."""
    census = NodeCensus()
    total, outputs = 0, []
    with SavedTensorLedger(exclude=[*model.parameters(), *batches]) as ledger:
        for x in batches:
            with torch.set_grad_enabled(pattern != "total += loss, under no_grad"):
                out = model(x)
                loss = out.pow(2).mean()
                # --8<-- [start:patterns]
                match pattern:
                    case "total += loss" | "total += loss, under no_grad":
                        total += loss
                    case "total += loss.item()":
                        total += loss.item()
                    case "outputs.append(out)":
                        outputs.append(out)
                    case "outputs.append(out.detach())":
                        outputs.append(out.detach())
                # --8<-- [end:patterns]
            census.tag(out, loss)
            if isinstance(total, torch.Tensor):
                census.tag(total)
    del x, out, loss  # drop the loop variables: only what the pattern kept survives
    return ledger.live_bytes, census.live


print(f"{'after 5 batches, the loop kept':<34}{'saved bytes':>12}{'graph nodes':>13}")
results = {}
for pattern in ["total += loss", "total += loss.item()", "outputs.append(out)",
                "outputs.append(out.detach())", "total += loss, under no_grad"]:
    results[pattern] = evaluate(pattern)
    print(f"  {pattern:<32}{results[pattern][0]:>12}{results[pattern][1]:>13}")

relu_output = 32 * 256 * 4  # bytes of one batch's ReLU output (32 x 256 float32)
assert results["outputs.append(out)"][0] == 5 * relu_output
assert results["total += loss"][0] == 5 * (relu_output + 32 * 4)  # + what pow() saved
assert results["total += loss"][1] == 5 * 7 + 4 + 5  # per-batch nodes, 4 parameters, 5 adds
for fixed in ["total += loss.item()", "outputs.append(out.detach())",
              "total += loss, under no_grad"]:
    assert results[fixed] == (0, 0)
