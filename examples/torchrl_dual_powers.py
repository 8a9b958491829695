"""The TorchRL route (docs/rl.md, RLlib and TorchRL): PPO on Dual Powers' red seat against the random bot,
through TorchRL's own PettingZoo wrapper of agon's AEC environment (its action mask included).

    pip install -e '.[train]' torchrl
    python examples/torchrl_dual_powers.py --frames 20000

A starting point, not a tuned agent and not part of CI: `agon train` (stable-baselines3) is the
maintained route. It prints the mean end reward of each batch's finished games (+1 a win, -1 a loss).
"""

from __future__ import annotations

import argparse

import torch
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.collectors import Collector
from torchrl.envs.libs.pettingzoo import PettingZooWrapper
from torchrl.modules import MaskedCategorical, ProbabilisticActor, ValueOperator
from torchrl.objectives import ClipPPOLoss
from torchrl.objectives.value import GAE

from agon.rl.pettingzoo import env as agon_env

SEAT = "red"
OBSERVATION, MASK, ACTION = (SEAT, "observation", "observation"), (SEAT, "action_mask"), (SEAT, "action")


def build(seed: int) -> tuple[PettingZooWrapper, ProbabilisticActor, ValueOperator]:
    env = PettingZooWrapper(env=agon_env("dual-powers", agents=[SEAT]), use_mask=True, categorical_actions=True,
                            seed=seed)
    features, actions = env.observation_spec[OBSERVATION].shape[-1], env.action_spec[ACTION].n
    logits = nn.Sequential(nn.Linear(features, 64), nn.Tanh(), nn.Linear(64, actions))
    actor = ProbabilisticActor(TensorDictModule(logits, in_keys=[OBSERVATION], out_keys=[(SEAT, "logits")]),
                               in_keys={"logits": (SEAT, "logits"), "mask": MASK}, out_keys=[ACTION],
                               distribution_class=MaskedCategorical, return_log_prob=True)
    value = ValueOperator(nn.Sequential(nn.Linear(features, 64), nn.Tanh(), nn.Linear(64, 1)),
                          in_keys=[OBSERVATION], out_keys=[(SEAT, "state_value")])
    return env, actor, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=20_000, help="the learner's decisions to train on")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    env, actor, value = build(args.seed)
    keys = {"reward": (SEAT, "reward"), "done": (SEAT, "done"), "terminated": (SEAT, "terminated")}
    advantage = GAE(gamma=0.99, lmbda=0.95, value_network=value)
    advantage.set_keys(value=(SEAT, "state_value"), **keys)
    loss = ClipPPOLoss(actor, value, entropy_coeff=0.01)
    loss.set_keys(action=ACTION, value=(SEAT, "state_value"), **keys)
    optimiser = torch.optim.Adam(loss.parameters(), lr=3e-4)
    collector = Collector(env, actor, frames_per_batch=1024, total_frames=args.frames,
                          auto_register_policy_transforms=False)
    for batch, data in enumerate(collector):
        with torch.no_grad():
            advantage(data)
        for _ in range(4):  # epochs over the batch
            for minibatch in data.reshape(-1).split(128):
                losses = loss(minibatch)
                total = losses["loss_objective"] + losses["loss_critic"] + losses["loss_entropy"]
                optimiser.zero_grad()
                total.backward()
                optimiser.step()
        ended = data["next", SEAT, "done"].squeeze(-1).squeeze(-1)
        rewards = data["next", SEAT, "reward"].squeeze(-1).squeeze(-1)[ended]
        shown = f"{rewards.mean().item():+.2f} over {int(ended.sum())} games" if ended.any() else "no game ended"
        print(f"batch {batch}: {len(data)} frames, mean end reward {shown}")
    collector.shutdown()


if __name__ == "__main__":
    main()
