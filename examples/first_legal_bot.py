"""The smallest Spades bot: it answers every decision with the first legal action.

Play it: spades simulate --bots "cmd:python examples/first_legal_bot.py",random,random,random
The protocol is in docs/bot-protocol.md.
"""

import json
import sys

for line in sys.stdin:  # one JSON object per line, until the game ends and stdin closes
    message = json.loads(line)
    if message.get("type") == "decision":  # ignore kinds of message this bot does not know
        answer = {"action": message["legal"][0]}
        print(json.dumps(answer), flush=True)  # one line; flush, or the game waits in vain
