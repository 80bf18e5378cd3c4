"""eigh's eigenvector gradient divides by differences of eigenvalues: NaN when two are equal, even for a basis-free loss."""
import torch


def gradient_has_nan(matrix, loss_of):
    A = matrix.clone().requires_grad_()
    loss_of(A).backward()
    return A.grad.isnan().any().item()


def through_vectors(A):                          # depends on the basis chosen
    values, vectors = torch.linalg.eigh(A)
    return values.sum() + vectors.abs().sum()


def basis_free(A):                               # V diag(exp(L)) V^T = exp(A): no basis in it
    values, vectors = torch.linalg.eigh(A)
    return (vectors @ torch.diag(values.exp()) @ vectors.T).sum()


# --8<-- [start:eigh]
losses = {"eigenvectors, basis-dependent loss": through_vectors,
          "eigenvectors, V diag(exp L) V^T": basis_free,
          "eigh, values only: sum of L^2": lambda A: torch.linalg.eigh(A)[0].pow(2).sum(),
          "eigvalsh: sum of L^2": lambda A: torch.linalg.eigvalsh(A).pow(2).sum(),
          "matrix_exp(A), no eigh at all": lambda A: torch.linalg.matrix_exp(A).sum()}
matrices = {"distinct": torch.diag(torch.tensor([1.0, 2.0, 3.0])),
            "repeated": torch.diag(torch.tensor([1.0, 1.0, 3.0]))}
print(f"{'NaN in the gradient of A':<36} {'distinct':>9} {'repeated':>9}")
for name, loss_of in losses.items():
    nan = {kind: gradient_has_nan(matrix, loss_of) for kind, matrix in matrices.items()}
    print(f"{name:<36} {nan['distinct']!s:>9} {nan['repeated']!s:>9}")
# --8<-- [end:eigh]
    assert not nan["distinct"]
    assert nan["repeated"] == name.startswith("eigenvectors")
