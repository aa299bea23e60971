// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {SignerSet} from "../src/SignerSet.sol";
import {Staking} from "../src/Staking.sol";
import {StakingFixture} from "./utils/StakingFixture.sol";
import {vm} from "./utils/Vm.sol";

contract StakingTest is StakingFixture {
    uint256 internal constant DAY = 1 days;

    function path() internal view returns (address[] memory p) {
        p = new address[](2);
        p[0] = address(usdt);
        p[1] = address(free);
    }

    // ------------------------------------------------------------ deployment and defaults

    function test_defaults() public view {
        assertEq(address(staking.usdt()), address(usdt), "usdt");
        assertEq(address(staking.free()), address(free), "free");
        assertEq(address(staking.router()), address(router), "router");
        assertTrue(staking.isSigner(signerAddr), "signer");
        assertEq(staking.signerCount(), 1, "one signer");
        assertEq(staking.owner(), owner, "owner");
        assertEq(staking.maxStakeAmount(), 1000e18, "max stake");
        assertEq(staking.cycleDays(0), 7, "days 0");
        assertEq(staking.cycleDays(1), 15, "days 1");
        assertEq(staking.cycleDays(2), 30, "days 2");
        assertEq(staking.cycleRatePpm(0), 6000, "rate 0");
        assertEq(staking.cycleRatePpm(1), 9000, "rate 1");
        assertEq(staking.cycleRatePpm(2), 12_000, "rate 2");
        for (uint8 i; i < 3; ++i) {
            assertEq(staking.cycleFeeBps(i), 200, "fee 2 %");
        }
        assertEq(staking.reserve(), RESERVE, "reserve funded");
        assertEq(staking.committed(), 0, "nothing committed");
        assertEq(staking.openPrincipal(), 0, "no principal");
        assertEq(staking.availableReserve(), RESERVE, "available");
    }

    function test_constructorRefusesZeroAddresses() public {
        address u = address(usdt);
        address f = address(free);
        address r = address(router);
        vm.expectRevert(Staking.ZeroAddress.selector);
        new Staking(address(0), f, r, signerAddr, owner);
        vm.expectRevert(Staking.ZeroAddress.selector);
        new Staking(u, address(0), r, signerAddr, owner);
        vm.expectRevert(Staking.ZeroAddress.selector);
        new Staking(u, f, address(0), signerAddr, owner);
        vm.expectRevert(Staking.ZeroAddress.selector);
        new Staking(u, f, r, address(0), owner);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new Staking(u, f, r, signerAddr, address(0));
    }

    function test_domainSeparatorMatchesEip712() public view {
        bytes32 expected = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("FREE Staking"), keccak256("1"), block.chainid, address(staking))
        );
        assertEq(staking.DOMAIN_SEPARATOR(), expected, "domain separator");
        assertEq(staking.INVITER_TYPEHASH(), INVITER_TYPEHASH, "type hash");
    }

    // ------------------------------------------------------------ stake

    function test_stakeSwapsFeeBurnsFreeAndRecordsPrincipal() public {
        uint256 amount = 100e18;
        uint256 fee = 2e18;
        uint256 principal = amount - fee;
        uint256 freeOut = router.getAmountsOut(fee, path())[1];
        uint256 maxInterest = expectedInterest(principal, 6000, 7, true);
        uint256 freeSupply = free.totalSupply();
        uint256 aliceUsdt = usdt.balanceOf(alice);

        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.Staked(alice, 0, 0, amount, principal, fee, freeOut, 6000, maxInterest);
        vm.prank(alice);
        uint256 index = staking.stake(amount, freeOut, 0, ANY_FEE, ANY_RATE);

        assertEq(index, 0, "first index");
        assertEq(staking.stakeCount(alice), 1, "count");
        (uint256 stakeTime, uint256 recorded, bool redeemed, uint8 stakeIndex) = staking.userStakeRecord(alice, 0);
        assertEq(stakeTime, block.timestamp, "stake time");
        assertEq(recorded, principal, "principal recorded");
        assertFalse(redeemed, "not redeemed");
        assertEq(stakeIndex, 0, "cycle");
        assertEq(free.totalSupply(), freeSupply - freeOut, "FREE burned lowers supply");
        assertEq(free.balanceOf(address(staking)), 0, "no FREE left behind");
        assertEq(usdt.balanceOf(alice), aliceUsdt - amount, "user paid amount");
        assertEq(usdt.balanceOf(address(staking)), RESERVE + principal, "contract holds principal + reserve");
        assertEq(usdt.balanceOf(pair), POOL_USDT + fee, "fee went to the pool");
        assertEq(staking.committed(), maxInterest, "committed");
        assertEq(staking.openPrincipal(), principal, "open principal");
        assertTrue(staking.isPreacher(alice), "preacher while staked");
        (uint32 rate, uint256 maturesAt, uint256 terms) = staking.stakeTerms(alice, 0);
        assertEq(rate, 6000, "rate snapshot");
        assertEq(maturesAt, block.timestamp + 7 * DAY, "maturity");
        assertEq(terms, maxInterest, "max interest");
    }

    function test_stakeEveryCycleCommitsItsMaximum() public {
        uint256 expectedCommitted;
        uint32[3] memory rates = [uint32(6000), 9000, 12_000];
        uint256[3] memory cycle = [uint256(7), 15, 30];
        for (uint8 i; i < 3; ++i) {
            vm.prank(bob);
            assertEq(staking.stake(1000e18, 0, i, ANY_FEE, ANY_RATE), i, "index");
            expectedCommitted += expectedInterest(980e18, rates[i], cycle[i], true);
        }
        assertEq(staking.committed(), expectedCommitted, "sum of commitments");
        assertEq(staking.openPrincipal(), 3 * 980e18, "open principal");
    }

    function test_stakeWithZeroFeeSkipsTheSwap() public {
        vm.prank(owner);
        staking.setCycle(1, 9000, 0);
        uint256 freeSupply = free.totalSupply();
        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.Staked(alice, 0, 1, 5e18, 5e18, 0, 0, 9000, expectedInterest(5e18, 9000, 15, true));
        vm.prank(alice);
        staking.stake(5e18, 123, 1, ANY_FEE, ANY_RATE);
        assertEq(free.totalSupply(), freeSupply, "nothing burned");
    }

    function test_stakeAtTheBounds() public {
        vm.startPrank(alice);
        staking.stake(1e18, 0, 0, ANY_FEE, ANY_RATE);
        staking.stake(1000e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.stopPrank();
        assertEq(staking.stakeCount(alice), 2, "both bounds accepted");
    }

    function test_stakeRefusesAmountOutOfRange() public {
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Staking.AmountOutOfRange.selector, 1e18 - 1, 1e18, 1000e18));
        staking.stake(1e18 - 1, 0, 0, ANY_FEE, ANY_RATE);
        vm.expectRevert(abi.encodeWithSelector(Staking.AmountOutOfRange.selector, 1000e18 + 1, 1e18, 1000e18));
        staking.stake(1000e18 + 1, 0, 0, ANY_FEE, ANY_RATE);
        vm.stopPrank();
    }

    function test_stakeRefusesUnknownCycle() public {
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidStakeIndex.selector, 3));
        vm.prank(alice);
        staking.stake(10e18, 0, 3, ANY_FEE, ANY_RATE);
    }

    function test_stakeRefusesWhenSwapReturnsLessThanMinOut() public {
        uint256 freeOut = router.getAmountsOut(2e18, path())[1];
        vm.expectRevert(bytes("UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"));
        vm.prank(alice);
        staking.stake(100e18, freeOut + 1, 0, ANY_FEE, ANY_RATE);
    }

    function test_stakeRefusesWithoutAllowance() public {
        address dave = address(0xDA5E);
        vm.prank(owner);
        usdt.mint(dave, 10e18);
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, address(staking), 0, 10e18)
        );
        vm.prank(dave);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
    }

    function test_stakeRefusedWhenReserveCannotCoverMaxInterest() public {
        Staking thin = new Staking(address(usdt), address(free), address(router), signerAddr, owner);
        uint256 maxInterest = expectedInterest(980e18, 12_000, 30, true); // ~421.4 USDT
        vm.startPrank(owner);
        usdt.mint(owner, maxInterest);
        usdt.approve(address(thin), maxInterest);
        thin.fundReserve(maxInterest - 1);
        vm.stopPrank();
        vm.startPrank(alice);
        usdt.approve(address(thin), type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(Staking.InsufficientReserve.selector, maxInterest, maxInterest - 1));
        thin.stake(1000e18, 0, 2, ANY_FEE, ANY_RATE);
        vm.stopPrank();
        vm.prank(owner);
        thin.fundReserve(1);
        vm.prank(alice);
        thin.stake(1000e18, 0, 2, ANY_FEE, ANY_RATE);
        assertEq(thin.committed(), thin.reserve(), "exactly fully committed");
        assertEq(thin.availableReserve(), 0, "nothing available");
        vm.expectRevert(
            abi.encodeWithSelector(Staking.InsufficientReserve.selector, expectedInterest(0.98e18, 6000, 7, true), 0)
        );
        vm.prank(alice);
        thin.stake(1e18, 0, 0, ANY_FEE, ANY_RATE);
    }

    // ------------------------------------------------------------ unstake

    function test_unstakePaysPrincipalPlusInterestAfterMaturity() public {
        vm.prank(alice);
        staking.stake(1000e18, 0, 2, ANY_FEE, ANY_RATE);
        uint256 principal = 980e18;
        uint256 interest = expectedInterest(principal, 12_000, 30, false);
        uint256 maxInterest = expectedInterest(principal, 12_000, 30, true);
        vm.warp(block.timestamp + 30 * DAY);
        assertEq(staking.rewardOfSlot(alice, 0), interest, "reward at maturity");
        uint256 before = usdt.balanceOf(alice);

        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.Unstaked(alice, 0, principal, interest);
        vm.prank(alice);
        staking.unstake(0);

        assertEq(usdt.balanceOf(alice), before + principal + interest, "paid principal + interest");
        (,, bool redeemed,) = staking.userStakeRecord(alice, 0);
        assertTrue(redeemed, "redeemed");
        assertEq(staking.committed(), 0, "commitment released");
        assertEq(staking.reserve(), RESERVE - interest, "reserve paid the interest");
        assertEq(staking.openPrincipal(), 0, "principal closed");
        assertFalse(staking.isPreacher(alice), "no active stake left");
        assertLe(interest, maxInterest, "paid within commitment");
        assertEq(usdt.balanceOf(address(staking)), RESERVE - interest, "balance = reserve");
        assertEq(staking.rewardOfSlot(alice, 0), interest, "reward of a redeemed slot is what was paid");
    }

    function test_unstakeRefusedBeforeMaturity() public {
        vm.prank(alice);
        staking.stake(10e18, 0, 1, ANY_FEE, ANY_RATE);
        uint256 maturesAt = block.timestamp + 15 * DAY;
        vm.warp(maturesAt - 1);
        vm.expectRevert(abi.encodeWithSelector(Staking.NotMatured.selector, maturesAt));
        vm.prank(alice);
        staking.unstake(0);
        vm.warp(maturesAt);
        vm.prank(alice);
        staking.unstake(0);
    }

    function test_unstakeRefusesASecondRedemption() public {
        vm.prank(alice);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 7 * DAY);
        vm.startPrank(alice);
        staking.unstake(0);
        vm.expectRevert(abi.encodeWithSelector(Staking.AlreadyRedeemed.selector, 0));
        staking.unstake(0);
        vm.stopPrank();
    }

    function test_unstakeRefusesUnknownOrForeignRecord() public {
        vm.prank(alice);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 7 * DAY);
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeNotFound.selector, 0));
        vm.prank(bob);
        staking.unstake(0);
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeNotFound.selector, 1));
        vm.prank(alice);
        staking.unstake(1);
    }

    function test_viewsRefuseUnknownRecord() public {
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeNotFound.selector, 0));
        staking.userStakeRecord(alice, 0);
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeNotFound.selector, 0));
        staking.rewardOfSlot(alice, 0);
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeNotFound.selector, 0));
        staking.stakeTerms(alice, 0);
    }

    function test_cycleViewsRefuseUnknownCycle() public {
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidStakeIndex.selector, 3));
        staking.cycleDays(3);
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidStakeIndex.selector, 3));
        staking.cycleRatePpm(3);
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidStakeIndex.selector, 255));
        staking.cycleFeeBps(255);
    }

    function test_rewardGrowsByWholeDaysAndStopsAtMaturity() public {
        vm.prank(alice);
        staking.stake(100e18, 0, 0, ANY_FEE, ANY_RATE);
        uint256 t0 = block.timestamp;
        assertEq(staking.rewardOfSlot(alice, 0), 0, "nothing at start");
        vm.warp(t0 + DAY - 1);
        assertEq(staking.rewardOfSlot(alice, 0), 0, "nothing before a whole day");
        vm.warp(t0 + DAY);
        assertEq(staking.rewardOfSlot(alice, 0), expectedInterest(98e18, 6000, 1, false), "one day");
        vm.warp(t0 + 3 * DAY + 5);
        assertEq(staking.rewardOfSlot(alice, 0), expectedInterest(98e18, 6000, 3, false), "three days");
        vm.warp(t0 + 400 * DAY);
        assertEq(staking.rewardOfSlot(alice, 0), expectedInterest(98e18, 6000, 7, false), "capped at 7 days");
    }

    function test_openStakeKeepsItsRateAfterSetCycle() public {
        vm.prank(alice);
        staking.stake(100e18, 0, 2, ANY_FEE, ANY_RATE);
        vm.prank(owner);
        staking.setCycle(2, 1000, 300);
        vm.prank(bob);
        staking.stake(100e18, 0, 2, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 30 * DAY);
        assertEq(staking.rewardOfSlot(alice, 0), expectedInterest(98e18, 12_000, 30, false), "old rate kept");
        assertEq(staking.rewardOfSlot(bob, 0), expectedInterest(97e18, 1000, 30, false), "new rate and fee");
        uint256 before = usdt.balanceOf(alice);
        vm.prank(alice);
        staking.unstake(0);
        assertEq(usdt.balanceOf(alice) - before, 98e18 + expectedInterest(98e18, 12_000, 30, false), "paid old rate");
    }

    function test_setCycleBeforeAStakeInTheSameBlockCannotWorsenItsTerms() public {
        // alice saw cycle 2 at 1.2 %/day and a 2 % fee; the owner's setCycle lands first in the block
        uint16 seenFee = staking.cycleFeeBps(2);
        uint32 seenRate = staking.cycleRatePpm(2);
        uint256 aliceUsdt = usdt.balanceOf(alice);
        vm.prank(owner);
        staking.setCycle(2, 0, 5000);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeTermsChanged.selector, uint16(5000), uint32(0)));
        staking.stake(100e18, 0, 2, seenFee, seenRate);
        // a higher fee alone, or a lower rate alone, is refused too
        vm.prank(owner);
        staking.setCycle(2, seenRate, seenFee + 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeTermsChanged.selector, seenFee + 1, seenRate));
        staking.stake(100e18, 0, 2, seenFee, seenRate);
        vm.prank(owner);
        staking.setCycle(2, seenRate - 1, seenFee);
        uint256 d = block.timestamp + 1 hours;
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Staking.StakeTermsChanged.selector, seenFee, seenRate - 1));
        staking.stakeWithInviter(100e18, 0, 2, seenFee, seenRate, parentsOf(bob), message(1, d), sig);
        assertEq(usdt.balanceOf(alice), aliceUsdt, "nothing taken");
        assertEq(staking.stakeCount(alice), 0, "no record");

        // terms as good as or better than seen: the stake goes through with the current terms
        uint16 lowerFee = seenFee - 100;
        vm.prank(owner);
        staking.setCycle(2, seenRate, lowerFee);
        vm.prank(alice);
        staking.stake(100e18, 0, 2, seenFee, seenRate);
        (uint32 rate,,) = staking.stakeTerms(alice, 0);
        assertEq(rate, seenRate, "rate seen");
        (, uint256 principal,,) = staking.userStakeRecord(alice, 0);
        assertEq(principal, 100e18 - 100e18 * uint256(lowerFee) / 10_000, "fee no higher than seen");
    }

    function test_stakeBoundsCheckTheCycleFirst() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidStakeIndex.selector, 3));
        staking.stake(10e18, 0, 3, ANY_FEE, ANY_RATE);
    }

    function test_zeroRateCycleCommitsAndPaysNothing() public {
        vm.prank(owner);
        staking.setCycle(0, 0, 200);
        vm.prank(alice);
        staking.stake(50e18, 0, 0, ANY_FEE, ANY_RATE);
        assertEq(staking.committed(), 0, "nothing committed");
        vm.warp(block.timestamp + 7 * DAY);
        uint256 before = usdt.balanceOf(alice);
        vm.prank(alice);
        staking.unstake(0);
        assertEq(usdt.balanceOf(alice) - before, 49e18, "principal only");
    }

    // ------------------------------------------------------------ owner functions

    function test_fundReserve() public {
        vm.startPrank(owner);
        usdt.mint(owner, 5e18);
        usdt.approve(address(staking), 5e18);
        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.ReserveFunded(owner, 5e18);
        staking.fundReserve(5e18);
        vm.expectRevert(Staking.ZeroAmount.selector);
        staking.fundReserve(0);
        vm.stopPrank();
        assertEq(staking.reserve(), RESERVE + 5e18, "reserve grew");
        assertEq(usdt.balanceOf(address(staking)), RESERVE + 5e18, "tokens arrived");
    }

    function test_ownerFunctionsRefuseOthers() public {
        bytes memory notOwner = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice);
        vm.startPrank(alice);
        vm.expectRevert(notOwner);
        staking.fundReserve(1e18);
        vm.expectRevert(notOwner);
        staking.setCycle(0, 1, 1);
        vm.expectRevert(notOwner);
        staking.addSigner(alice);
        vm.expectRevert(notOwner);
        staking.removeSigner(signerAddr);
        vm.expectRevert(notOwner);
        staking.setMaxStakeAmount(5e18);
        vm.expectRevert(notOwner);
        staking.transferOwnership(alice);
        vm.stopPrank();
    }

    function test_setCycle() public {
        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.CycleUpdated(1, 12_000, 5000);
        vm.prank(owner);
        staking.setCycle(1, 12_000, 5000);
        assertEq(staking.cycleRatePpm(1), 12_000, "rate set");
        assertEq(staking.cycleFeeBps(1), 5000, "fee set");
    }

    function test_setCycleRefusesBadValues() public {
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(Staking.RateTooHigh.selector, 12_001));
        staking.setCycle(0, 12_001, 200);
        vm.expectRevert(abi.encodeWithSelector(Staking.FeeTooHigh.selector, 5001));
        staking.setCycle(0, 6000, 5001);
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidStakeIndex.selector, 3));
        staking.setCycle(3, 6000, 200);
        vm.stopPrank();
    }

    function test_setMaxStakeAmount() public {
        vm.startPrank(owner);
        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.MaxStakeAmountUpdated(5e18);
        staking.setMaxStakeAmount(5e18);
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidMaxStakeAmount.selector, 1e18 - 1));
        staking.setMaxStakeAmount(1e18 - 1);
        uint256 tooBig = uint256(type(uint128).max) + 1;
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidMaxStakeAmount.selector, tooBig));
        staking.setMaxStakeAmount(tooBig);
        vm.stopPrank();
        assertEq(staking.maxStakeAmount(), 5e18, "max set");
        vm.expectRevert(abi.encodeWithSelector(Staking.AmountOutOfRange.selector, 6e18, 1e18, 5e18));
        vm.prank(alice);
        staking.stake(6e18, 0, 0, ANY_FEE, ANY_RATE);
    }

    function test_addAndRemoveSigner() public {
        vm.startPrank(owner);
        vm.expectEmit(true, true, true, true, address(staking));
        emit SignerSet.SignerAdded(bob);
        staking.addSigner(bob);
        vm.expectRevert(SignerSet.ZeroSigner.selector);
        staking.addSigner(address(0));
        vm.expectEmit(true, true, true, true, address(staking));
        emit SignerSet.SignerRemoved(signerAddr);
        staking.removeSigner(signerAddr);
        vm.expectRevert(abi.encodeWithSelector(SignerSet.LastSigner.selector, bob));
        staking.removeSigner(bob);
        vm.stopPrank();
        assertTrue(staking.isSigner(bob), "signer added");
        assertFalse(staking.isSigner(signerAddr), "old signer removed");
        assertEq(staking.signerCount(), 1, "one left");
    }

    function test_ownershipTransferTakesTwoSteps() public {
        vm.prank(owner);
        staking.transferOwnership(bob);
        assertEq(staking.owner(), owner, "still the old owner");
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        staking.acceptOwnership();
        vm.prank(bob);
        staking.acceptOwnership();
        assertEq(staking.owner(), bob, "new owner");
    }

    // ------------------------------------------------------------ reference values

    function test_compoundFactorReferenceValues() public view {
        assertEq(staking.compoundFactor(12_000, 7) / 1e12, 1_087_085, "1.012^7");
        assertEq(staking.compoundFactor(12_000, 15) / 1e12, 1_195_935, "1.012^15");
        assertEq(staking.compoundFactor(12_000, 30) / 1e12, 1_430_261, "1.012^30");
        assertEq(staking.compoundFactor(12_000, 0), 1e18, "x^0");
        assertEq(staking.compoundFactor(0, 30), 1e18, "1^30");
    }
}
