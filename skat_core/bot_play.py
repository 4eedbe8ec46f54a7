"""(in progress)"""
from skat_core import bot_base


class Player:
    def __init__(self, bot):
        self.bot = bot
        self.best_card = 0

    def start(self, view):
        self.view = view

    def step(self, budget):
        self.best_card = bot_base.greedy_card(self.view)
        return True


def optional_action(bot, view):
    return None
