// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Staking} from "../src/Staking.sol";
import {StakingFixture} from "./utils/StakingFixture.sol";
import {vm} from "./utils/Vm.sol";

/// @dev `renew`: a matured record's principal + interest start a new record in one transaction.
contract StakingRenewalTest is StakingFixture {
    uint256 internal constant DAY = 1 days;

    function test_renewMovesPrincipalAndInterestIntoANewRecordWithoutFee() public {
        vm.prank(alice);
        staking.stake(100e18, 0, 0, ANY_FEE, ANY_RATE);
        uint256 principal = 98e18;
        uint256 interest = expectedInterest(principal, 6000, 7, false);
        vm.warp(block.timestamp + 7 * DAY);
        // the owner changes cycle 1 before the renewal: the new record takes the current rate
        vm.prank(owner);
        staking.setCycle(1, 10_000, 4000);
        uint256 newPrincipal = principal + interest;
        uint256 newMax = expectedInterest(newPrincipal, 10_000, 15, true);
        uint256 contractUsdt = usdt.balanceOf(address(staking));
        uint256 aliceUsdt = usdt.balanceOf(alice);
        uint256 freeSupply = free.totalSupply();

        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.Renewed(alice, 0, 1, 1, newPrincipal, interest, 0, 10_000, newMax, 2);
        vm.prank(alice);
        uint256 index = staking.renew(0, 1, 10_000);

        assertEq(index, 1, "new index");
        checkNewRecord(newPrincipal, newMax);
        // nothing left the contract, no fee, no swap, no burn
        assertEq(usdt.balanceOf(address(staking)), contractUsdt, "tokens stay in the contract");
        assertEq(usdt.balanceOf(alice), aliceUsdt, "the user pays nothing");
        assertEq(free.totalSupply(), freeSupply, "nothing burned");
        assertEq(staking.reserve(), RESERVE - interest, "interest paid from the reserve into the principal");
        assertEq(staking.committed(), newMax, "old commitment released, new one taken");
        assertEq(staking.openPrincipal(), newPrincipal, "open principal");
        assertTrue(staking.isPreacher(alice), "still an active stake");
        (uint256 own,,) = staking.getTeamKpi(alice);
        assertEq(own, newPrincipal, "own principal follows");
    }

    function checkNewRecord(uint256 newPrincipal, uint256 newMax) internal view {
        (,, bool oldClosed,) = staking.userStakeRecord(alice, 0);
        assertTrue(oldClosed, "old record closed");
        (uint256 stakeTime, uint256 amount, bool redeemed, uint8 cycle) = staking.userStakeRecord(alice, 1);
        assertEq(stakeTime, block.timestamp, "new record starts now");
        assertEq(amount, newPrincipal, "principal + interest");
        assertFalse(redeemed, "new record open");
        assertEq(cycle, 1, "chosen cycle");
        assertEq(staking.stakeRound(alice, 0), 1, "a stake is round 1");
        assertEq(staking.stakeRound(alice, 1), 2, "its renewal is round 2");
        (uint32 rate, uint256 maturesAt, uint256 maxInterest) = staking.stakeTerms(alice, 1);
        assertEq(rate, 10_000, "current rate of the cycle");
        assertEq(maturesAt, block.timestamp + 15 * DAY, "matures after the new cycle");
        assertEq(maxInterest, newMax, "max interest");
    }

    function test_renewedRecordCanBeUnstakedAfterItsCycle() public {
        vm.prank(alice);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 7 * DAY);
        vm.prank(alice);
        staking.renew(0, 0, ANY_RATE);
        (, uint256 principal,,) = staking.userStakeRecord(alice, 1);
        vm.warp(block.timestamp + 7 * DAY);
        uint256 before = usdt.balanceOf(alice);
        vm.prank(alice);
        staking.unstake(1);
        assertEq(usdt.balanceOf(alice), before + principal + expectedInterest(principal, 6000, 7, false), "paid");
        assertEq(staking.committed(), 0, "nothing committed");
        assertEq(staking.openPrincipal(), 0, "nothing open");
        assertFalse(staking.isPreacher(alice), "no active stake");
    }

    function test_everyThirdRoundGivesTwentyPercentToComputingPower() public {
        address treasury = address(0xC0FFEE);
        vm.prank(owner);
        staking.setComputeTreasury(treasury);
        vm.prank(alice);
        staking.stake(100e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.startPrank(alice);
        for (uint256 i; i < 2; ++i) {
            vm.warp(block.timestamp + 7 * DAY);
            staking.renew(i, 0, ANY_RATE); // rounds 1 and 2: nothing leaves
        }
        assertEq(usdt.balanceOf(treasury), 0, "rounds 1 and 2 contribute nothing");
        (, uint256 principal,,) = staking.userStakeRecord(alice, 2);
        assertEq(staking.stakeRound(alice, 2), 3, "third round");
        vm.warp(block.timestamp + 7 * DAY);
        uint256 interest = expectedInterest(principal, 6000, 7, false);
        uint256 contribution = (principal + interest) * 2000 / 10_000;
        uint256 contractUsdt = usdt.balanceOf(address(staking));
        staking.renew(2, 0, ANY_RATE);
        vm.stopPrank();
        assertEq(usdt.balanceOf(treasury), contribution, "20 % of principal + interest to computing power");
        assertEq(usdt.balanceOf(address(staking)), contractUsdt - contribution, "only the contribution left");
        (, uint256 next,,) = staking.userStakeRecord(alice, 3);
        assertEq(next, principal + interest - contribution, "the rest renews");
        assertEq(staking.stakeRound(alice, 3), 4, "round 4");
        assertEq(staking.openPrincipal(), next, "open principal");
    }

    function test_renewRefusedBeforeMaturity() public {
        vm.prank(alice);
        staking.stake(10e18, 0, 1, ANY_FEE, ANY_RATE);
        uint256 maturesAt = block.timestamp + 15 * DAY;
        vm.warp(maturesAt - 1);
        vm.expectRevert(abi.encodeWithSelector(Staking.NotMatured.selector, maturesAt));
        vm.prank(alice);
        staking.renew(0, 1, ANY_RATE);
        vm.warp(maturesAt);
        vm.prank(alice);
        staking.renew(0, 1, ANY_RATE);
    }

    function test_renewRefusesAnotherUsersRecord() public {
        vm.prank(alice);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 7 * DAY);
        // records are per owner: bob's index 0 does not exist, alice's record stays untouched
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeNotFound.selector, 0));
        vm.prank(bob);
        staking.renew(0, 0, ANY_RATE);
        (,, bool redeemed,) = staking.userStakeRecord(alice, 0);
        assertFalse(redeemed, "alice's record still open");
    }

    function test_renewRefusesAWithdrawnOrRenewedRecord() public {
        vm.startPrank(alice);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 7 * DAY);
        staking.unstake(0);
        vm.expectRevert(abi.encodeWithSelector(Staking.AlreadyRedeemed.selector, 0));
        staking.renew(0, 0, ANY_RATE);
        staking.renew(1, 0, ANY_RATE);
        vm.expectRevert(abi.encodeWithSelector(Staking.AlreadyRedeemed.selector, 1));
        staking.renew(1, 0, ANY_RATE);
        vm.expectRevert(abi.encodeWithSelector(Staking.AlreadyRedeemed.selector, 1));
        staking.unstake(1);
        vm.stopPrank();
    }

    function test_renewRefusesWorseRateOrUnknownCycle() public {
        vm.prank(alice);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 7 * DAY);
        vm.prank(owner);
        staking.setCycle(2, 11_000, 5000);
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeTermsChanged.selector, uint16(5000), uint32(11_000)));
        vm.prank(alice);
        staking.renew(0, 2, 12_000);
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidStakeIndex.selector, uint8(3)));
        vm.prank(alice);
        staking.renew(0, 3, ANY_RATE);
        // a higher fee does not matter: a renewal pays none
        vm.prank(alice);
        staking.renew(0, 2, 11_000);
    }

    function test_renewRefusedWhenReserveCannotCoverTheNewInterest() public {
        // a fresh contract whose reserve covers one 7-day commitment and little more
        staking = new Staking(address(usdt), address(free), address(router), signerAddr, owner);
        uint256 principal = 980e18;
        uint256 commit7 = expectedInterest(principal, 6000, 7, true);
        uint256 funded = commit7 + 1e18;
        vm.startPrank(owner);
        usdt.mint(owner, funded);
        usdt.approve(address(staking), funded);
        staking.fundReserve(funded);
        vm.stopPrank();
        fund(alice, 0);
        vm.prank(alice);
        staking.stake(1000e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 7 * DAY);
        uint256 interest = expectedInterest(principal, 6000, 7, false);
        uint256 newMax = expectedInterest(principal + interest, 12_000, 30, true);
        uint256 available = funded - interest; // after the old record's commitment is released
        vm.expectRevert(abi.encodeWithSelector(Staking.InsufficientReserve.selector, newMax, available));
        vm.prank(alice);
        staking.renew(0, 2, ANY_RATE);
        (,, bool redeemed,) = staking.userStakeRecord(alice, 0);
        assertFalse(redeemed, "refused renewal changes nothing");
        assertEq(staking.reserve(), funded, "reserve unchanged");
        // unstaking still works
        vm.prank(alice);
        staking.unstake(0);
    }

    function test_setComputeTreasury() public {
        assertEq(staking.computeTreasury(), owner, "owner by default");
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        staking.setComputeTreasury(alice);
        vm.expectRevert(Staking.ZeroAddress.selector);
        vm.prank(owner);
        staking.setComputeTreasury(address(0));
        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.ComputeTreasuryUpdated(owner, carol);
        vm.prank(owner);
        staking.setComputeTreasury(carol);
        assertEq(staking.computeTreasury(), carol, "set");
    }
}
