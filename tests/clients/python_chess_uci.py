#!/usr/bin/env python3
"""python-chess drives `changeling uci` through a whole game of FIDE chess.

    pip install chess
    cargo build --release
    python3 tests/clients/python_chess_uci.py [target/release/changeling]

changeling plays White against a python-chess player that picks its
moves at random from a seeded generator; python-chess checks that every
move changeling sends is legal and judges the end. Exits non-zero on
any protocol or legality failure.
"""

import random
import sys

import chess
import chess.engine


def main() -> int:
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/changeling"
    rng = random.Random(7)
    board = chess.Board()
    with chess.engine.SimpleEngine.popen_uci([binary, "uci"]) as engine:
        print("engine:", engine.id.get("name"))
        while not board.is_game_over(claim_draw=True) and board.ply() < 300:
            if board.turn == chess.WHITE:
                result = engine.play(board, chess.engine.Limit(time=0.05), info=chess.engine.INFO_ALL)
                move = result.move
                if move not in board.legal_moves:
                    print(f"illegal move from the engine: {move} in {board.fen()}")
                    return 1
            else:
                move = rng.choice(list(board.legal_moves))
            board.push(move)
        info = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
        print("analysis of the start:", info.get("score"), [m.uci() for m in info.get("pv", [])])
    outcome = board.outcome(claim_draw=True)
    print("plies:", board.ply(), "result:", board.result(claim_draw=True),
          "termination:", outcome.termination.name if outcome else "none")
    print("pgn moves:", chess.Board().variation_san(board.move_stack)[:200], "...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
