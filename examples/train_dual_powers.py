"""Train a Dual Powers agent by self-play with MaskablePPO (sb3-contrib, CPU), then seat it as a bot.

    pip install -e '.[rl]' sb3-contrib
    python examples/train_dual_powers.py --steps 20000 --games 20

One policy plays both red and white (`agon.rl.selfplay.SelfPlayEnv`); the action mask keeps it to
legal actions. After training, the policy is registered as the bot "ppo" and plays `--games` games
against the random bot through `agon.make_bot` / `agon.play_match`, seats alternating. docs/rl.md
says more; this is a starting point, not a tuned agent.
"""

from __future__ import annotations

import argparse

import numpy as np
from sb3_contrib import MaskablePPO

import agon
from agon.rl.selfplay import SelfPlayEnv, register_policy_bot


def train(steps: int, seed: int) -> MaskablePPO:
    env = SelfPlayEnv("dual-powers")
    model = MaskablePPO("MlpPolicy", env, n_steps=min(512, max(steps, 64)), batch_size=64, seed=seed,
                        device="cpu", verbose=0)
    model.learn(total_timesteps=steps)
    return model


def evaluate(model: MaskablePPO, games: int, seed: int) -> dict[str, int]:
    def predict(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    register_policy_bot("ppo", predict)
    bot = agon.make_bot("ppo", "dual-powers")  # the trained agent, seated like any other bot
    tally = {"ppo": 0, "random": 0, "other": 0}
    for k in range(games):
        seats = {"red": "ppo", "white": "random"} if k % 2 == 0 else {"red": "random", "white": "ppo"}
        state = agon.play_match("dual-powers", seats, seed=seed + k)
        winners = state.result["winners"]
        ours = next(role for role, who in seats.items() if who == bot.name)
        tally["ppo" if winners == [ours] else "random" if winners else "other"] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="training steps (agent decisions)")
    parser.add_argument("--games", type=int, default=20, help="evaluation games against the random bot")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    model = train(args.steps, args.seed)
    print(f"trained {args.steps} steps; against random over {args.games} games:", evaluate(model, args.games, args.seed))


if __name__ == "__main__":
    main()
