#pragma once
// /tetes h [h_kv]: two entries of the settings table (heads, kv_heads) in one command. The heads
// rule (its range, d_h = d/h even, h_kv dividing h) is the entries' own (settings_table.cpp): the
// command, its help and its refusals read it there.
#include "commands/commands.h"

namespace tb {

Command heads_command();

}  // namespace tb
