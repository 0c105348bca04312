"""Who is asked what and when: the one referee, the seats behind one interface (an AI in this
process, an AI in a worker process, the person), the Rummy window, the table session,
all-computer play, the helpers for worker processes, and tables across computers (the
wire protocol, the host, the guest, discovery). Imports game.ai and game.rules.
"""
