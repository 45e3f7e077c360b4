"""Network play (X10): two games on two computers, the host's the authority.

messages.py is what goes over the wire, session.py what each end does with it, link.py the
wire itself (a thread beside the frame loop).
"""
