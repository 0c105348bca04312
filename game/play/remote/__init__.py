"""Tables across computers (issue 23): the wire protocol, its limits, TLS and
the network thread (``network``), the host (``host``), the guest (``guest``)
and finding tables on the local network (``discovery``). No pygame.
"""
