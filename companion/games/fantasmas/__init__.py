"""18 fantasmas (Michael Rieneck): the castle, the notation, the steps and the rules."""
