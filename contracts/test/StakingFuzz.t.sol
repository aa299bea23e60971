// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Staking} from "../src/Staking.sol";
import {StakingFixture} from "./utils/StakingFixture.sol";
import {vm} from "./utils/Vm.sol";

/// @dev Reward maths under fuzzing: monotone in time, never above the commitment, rounded down.
contract StakingFuzzTest is StakingFixture {
    function testFuzz_interestMonotoneInTimeAndNeverAboveCommitment(uint256 amount, uint8 cycle, uint256 t1, uint256 t2)
        public
    {
        amount = bound(amount, 1e18, 1000e18);
        cycle = uint8(bound(cycle, 0, 2));
        t1 = bound(t1, 0, 60 days);
        t2 = bound(t2, t1, 60 days);
        uint256 start = block.timestamp;
        vm.prank(alice);
        staking.stake(amount, 0, cycle, ANY_FEE, ANY_RATE);
        (,, uint256 maxInterest) = staking.stakeTerms(alice, 0);
        assertEq(staking.committed(), maxInterest, "commitment recorded");

        vm.warp(start + t1);
        uint256 r1 = staking.rewardOfSlot(alice, 0);
        vm.warp(start + t2);
        uint256 r2 = staking.rewardOfSlot(alice, 0);
        assertLe(r1, r2, "reward never decreases with time");
        assertLe(r2, maxInterest, "reward never above the committed maximum");
    }

    function testFuzz_compoundFactorMonotoneInDaysAndRate(uint256 rate, uint256 numDays) public view {
        rate = bound(rate, 0, 12_000);
        numDays = bound(numDays, 0, 29);
        uint256 f = staking.compoundFactor(rate, numDays);
        assertLe(f, staking.compoundFactor(rate, numDays + 1), "monotone in days");
        if (rate < 12_000) assertLe(f, staking.compoundFactor(rate + 1, numDays), "monotone in rate");
    }

    /// @dev The paid interest never exceeds the exact value (computed here in 1e36 precision, with a
    /// margin for that computation's own rounding) nor the commitment, and the reserve keeps covering
    /// what remains committed.
    function testFuzz_roundingNeverFavoursTheUser(uint256 amount, uint32 rate, uint16 feeBps, uint8 cycle) public {
        amount = bound(amount, 1e18, 1000e18);
        rate = uint32(bound(rate, 0, 12_000));
        feeBps = uint16(bound(feeBps, 0, 5000));
        cycle = uint8(bound(cycle, 0, 2));
        vm.prank(owner);
        staking.setCycle(cycle, rate, feeBps);
        vm.prank(bob);
        staking.stake(1000e18, 0, cycle, ANY_FEE, ANY_RATE); // someone else's commitment stays open throughout
        vm.prank(alice);
        staking.stake(amount, 0, cycle, ANY_FEE, ANY_RATE);
        (uint256 principal) = amount - amount * feeBps / 10_000;
        uint256 numDays = staking.cycleDays(cycle);
        (,, uint256 maxInterest) = staking.stakeTerms(alice, 0);

        vm.warp(block.timestamp + numDays * 1 days);
        uint256 reserveBefore = staking.reserve();
        uint256 before = usdt.balanceOf(alice);
        vm.prank(alice);
        staking.unstake(0);
        uint256 interest = usdt.balanceOf(alice) - before - principal;

        uint256 exact = 1e36;
        for (uint256 i; i < numDays; ++i) {
            exact = exact * (1e36 + uint256(rate) * 1e30) / 1e36;
        }
        uint256 exactInterest = principal * (exact + 2 * numDays - 1e36) / 1e36;
        assertLe(interest, exactInterest, "paid at most the exact interest");
        assertLe(interest, maxInterest, "paid at most the commitment");
        assertEq(staking.reserve(), reserveBefore - interest, "reserve paid exactly the interest");
        assertLe(staking.committed(), staking.reserve(), "reserve still covers the rest");
        assertGe(
            usdt.balanceOf(address(staking)), staking.openPrincipal() + staking.reserve(), "balance covers obligations"
        );
    }

    function testFuzz_stakeAmountBounds(uint256 amount) public {
        vm.prank(alice);
        if (amount < 1e18 || amount > 1000e18) {
            vm.expectRevert(abi.encodeWithSelector(Staking.AmountOutOfRange.selector, amount, 1e18, 1000e18));
            staking.stake(amount, 0, 0, ANY_FEE, ANY_RATE);
        } else {
            staking.stake(amount, 0, 0, ANY_FEE, ANY_RATE);
            (, uint256 principal,,) = staking.userStakeRecord(alice, 0);
            assertEq(principal, amount - amount * 200 / 10_000, "principal = amount - 2 %");
        }
    }
}
