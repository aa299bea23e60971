// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {StakingFixture} from "./utils/StakingFixture.sol";
import {vm} from "./utils/Vm.sol";

/// @dev One user-facing call per test, so `.gas-snapshot` shows what each costs a user.
contract StakingGasTest is StakingFixture {
    bytes internal sig;
    uint256 internal deadline;

    function setUp() public override {
        super.setUp();
        vm.prank(bob);
        staking.stake(100e18, 0, 2, ANY_FEE, ANY_RATE); // warm the pool and the counters like a live contract
        vm.prank(carol);
        staking.stake(100e18, 0, 0, ANY_FEE, ANY_RATE);
        deadline = block.timestamp + 1 hours;
        sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, deadline);
    }

    function test_gas_stake() public {
        vm.prank(alice);
        staking.stake(100e18, 0, 1, ANY_FEE, ANY_RATE);
    }

    function test_gas_stakeWithInviter_binding() public {
        vm.prank(alice);
        staking.stakeWithInviter(100e18, 0, 1, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, deadline), sig);
    }

    function test_gas_unstake() public {
        vm.warp(block.timestamp + 7 days);
        vm.prank(carol);
        staking.unstake(0);
    }

    function test_gas_renew() public {
        vm.warp(block.timestamp + 7 days);
        vm.prank(carol);
        staking.renew(0, 0, ANY_RATE);
    }

    function test_gas_rewardOfSlot30Days() public {
        vm.warp(block.timestamp + 30 days);
        staking.rewardOfSlot(bob, 0);
    }
}
