"""What the person at the table means, without pygame: drop targets, what a drop or Enter does,
undo bound to a turn, the Rummy calls open to a seat. Imports game.text and below, never
game.services.
"""
