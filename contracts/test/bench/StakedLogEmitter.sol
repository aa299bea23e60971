// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Benchmark fixture, never deployed outside a bench: emits Staking's `Staked` event in bulk
/// so the indexer benchmark can read tens of thousands of real logs from anvil in a few blocks.
/// The event matches `Staking.Staked` exactly (same topic), so the indexer applies it as a stake.
contract StakedLogEmitter {
    event Staked(
        address indexed user,
        uint256 indexed index,
        uint8 stakeIndex,
        uint256 amount,
        uint256 principal,
        uint256 fee,
        uint256 freeBurned,
        uint32 ratePpm,
        uint256 maxInterest
    );

    /// @notice Emits `count` stakes of 100 units (2 % fee) with record indexes `first`…, spread over `users`.
    function emitStakes(uint256 first, uint256 count, address[] calldata users) external {
        for (uint256 i = 0; i < count; ++i) {
            emit Staked(users[i % users.length], first + i, uint8(i % 3), 100e18, 98e18, 2e18, 0, 6000, 1e18);
        }
    }
}
