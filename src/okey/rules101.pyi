# okey.rules101 moved to okey.games.okey101.sections: okey.legacy imports it under this
# name at run time, and this stub gives the type checker the same names.
from okey.games.okey101.sections import FACTORS as FACTORS
from okey.games.okey101.sections import GAME as GAME
from okey.games.okey101.sections import NOT_NEGATIVE as NOT_NEGATIVE
from okey.games.okey101.sections import SECTIONS as SECTIONS
from okey.games.okey101.sections import AllPairs as AllPairs
from okey.games.okey101.sections import OkeySwap as OkeySwap
from okey.games.okey101.sections import PileOut101 as PileOut101
from okey.games.okey101.sections import PileOutScoring as PileOutScoring
from okey.games.okey101.sections import Play101 as Play101
from okey.games.okey101.sections import Rules101 as Rules101
from okey.games.okey101.sections import Scoring101 as Scoring101
from okey.games.okey101.sections import Table101 as Table101
from okey.games.okey101.sections import Tie101 as Tie101
