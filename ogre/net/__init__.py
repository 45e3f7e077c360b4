"""Network play (X10, X14): two games on two computers, the host's the authority.

messages.py is what goes over the wire, session.py what each end does with it, ends.py a
session on its link; wire.py says what a link does, and there are two: link.py, direct TCP on
this network, and wormhole_link.py, the internet by a short code (a thread beside the frame
loop either way).
"""
