#include "random_input.hpp"

#include <random>

namespace gridlock {

std::vector<int> random_ints(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> small(-1000, 1000);
  std::uniform_int_distribution<int> large(-100000, 100000);
  std::bernoulli_distribution spike(0.01);
  std::vector<int> v(n);
  for (int& x : v) {
    x = spike(rng) ? large(rng) : small(rng);
    if (x == 0) x = 1;
  }
  return v;
}

std::vector<unsigned> random_odd_uints(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<unsigned> dist(0, 0x3fffffffu);
  std::vector<unsigned> v(n);
  for (unsigned& x : v) x = dist(rng) * 2u + 1u;
  return v;
}

}  // namespace gridlock
