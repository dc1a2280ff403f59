// Seeded, non-uniform test input: never zeros, never all alike.
#pragma once

#include <cstdint>
#include <vector>

namespace gridlock {

// Mostly small values of both signs with occasional large ones (|v| <= 100000), so a sum of up
// to 2^28 of them cannot overflow int64 and a lost or doubled element always shows.
std::vector<int> random_ints(int64_t n, uint64_t seed);

// Odd values in [1, 2^31): a product of them modulo 2^32 never collapses to zero.
std::vector<unsigned> random_odd_uints(int64_t n, uint64_t seed);

}  // namespace gridlock
