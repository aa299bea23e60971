// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Staking} from "../../src/Staking.sol";
import {TestUSDT} from "../../src/TestUSDT.sol";
import {vm} from "../utils/Vm.sol";

/// @dev Drives Staking with bounded, mostly valid actions for the invariant suite, and keeps ghost
/// figures to compare the contract's own accounting against.
contract StakingHandler {
    Staking public immutable staking;
    TestUSDT public immutable usdt;
    address public immutable owner;
    uint256 public immutable signerPk;

    address[] public actors;
    uint256 public ghostOpenPrincipal;
    uint256 public ghostFunded;
    uint256 public ghostInterestPaid;
    uint256 public ghostRedemptions;
    uint256 public ghostDoubleRedemptions;
    uint256 public ghostStakes;
    uint256 public ghostRefusedStakes;
    uint256 public ghostRenewals;
    /// @dev USDT that left the contract as computing power (every third renewal).
    uint256 public ghostContributed;
    /// @dev Renewals whose new record got a rate below the user's bound (must stay 0).
    uint256 public ghostRenewTermsBroken;
    uint256 public nextNonce = 1;
    /// @dev Stakes that got worse terms than the ones the user last saw (must stay 0).
    uint256 public ghostTermsBroken;
    /// @dev The cycle terms users last read (`viewTerms`); stakes carry them as their bounds.
    uint16[3] public seenFeeBps;
    uint32[3] public seenRatePpm;
    mapping(address user => mapping(uint256 index => uint256 count)) public redemptions;

    constructor(Staking staking_, TestUSDT usdt_, address owner_, uint256 signerPk_, address[] memory actors_) {
        staking = staking_;
        usdt = usdt_;
        owner = owner_;
        signerPk = signerPk_;
        actors = actors_;
        ghostFunded = staking_.reserve();
        for (uint8 i; i < 3; ++i) {
            seenFeeBps[i] = staking_.cycleFeeBps(i);
            seenRatePpm[i] = staking_.cycleRatePpm(i);
        }
    }

    /// @dev A user reads a cycle's terms; an owner's setCycle in between makes them stale.
    function viewTerms(uint8 cycle) external {
        cycle = cycle % 3;
        seenFeeBps[cycle] = staking.cycleFeeBps(cycle);
        seenRatePpm[cycle] = staking.cycleRatePpm(cycle);
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function stake(uint256 actorSeed, uint256 amount, uint8 cycle) external {
        address user = actors[actorSeed % actors.length];
        amount = _bound(amount, 1e18, staking.maxStakeAmount());
        cycle = cycle % 3;
        vm.prank(user);
        try staking.stake(amount, 0, cycle, seenFeeBps[cycle], seenRatePpm[cycle]) returns (uint256 index) {
            (, uint256 principal,,) = staking.userStakeRecord(user, index);
            _checkSeenTerms(user, index, cycle, amount, principal);
            ghostOpenPrincipal += principal;
            ghostStakes += 1;
        } catch {
            ghostRefusedStakes += 1;
        }
    }

    function stakeWithInviter(uint256 actorSeed, uint256 inviterSeed, uint256 amount, uint8 cycle) external {
        address user = actors[actorSeed % actors.length];
        address inviter = actors[inviterSeed % actors.length];
        if (inviter == user) return;
        amount = _bound(amount, 1e18, staking.maxStakeAmount());
        cycle = cycle % 3;
        address[] memory parents = new address[](1);
        parents[0] = inviter;
        (bytes memory message, bytes memory sig) = _signInviter(user, parents);
        vm.prank(user);
        try staking.stakeWithInviter(
            amount,
            0,
            cycle,
            seenFeeBps[cycle],
            seenRatePpm[cycle],
            parents,
            message,
            sig
        ) returns (
            uint256 index
        ) {
            (, uint256 principal,,) = staking.userStakeRecord(user, index);
            _checkSeenTerms(user, index, cycle, amount, principal);
            ghostOpenPrincipal += principal;
            ghostStakes += 1;
        } catch {
            ghostRefusedStakes += 1;
        }
    }

    /// @dev Tries any record, matured or not, redeemed or not: only a first, matured unstake may pay.
    function unstake(uint256 actorSeed, uint256 indexSeed) external {
        address user = actors[actorSeed % actors.length];
        uint256 count = staking.stakeCount(user);
        if (count == 0) return;
        uint256 index = indexSeed % count;
        (, uint256 principal,,) = staking.userStakeRecord(user, index);
        uint256 before = usdt.balanceOf(user);
        vm.prank(user);
        try staking.unstake(index) {
            if (redemptions[user][index] != 0) ghostDoubleRedemptions += 1;
            redemptions[user][index] += 1;
            ghostRedemptions += 1;
            ghostOpenPrincipal -= principal;
            ghostInterestPaid += usdt.balanceOf(user) - before - principal;
        } catch {}
    }

    /// @dev Tries to renew any record, matured or not, closed or not: only a matured open one may
    /// renew; interest moves from the reserve into the new principal, and every third round a share
    /// leaves for computing power.
    function renew(uint256 actorSeed, uint256 indexSeed, uint8 cycle) external {
        address user = actors[actorSeed % actors.length];
        uint256 count = staking.stakeCount(user);
        if (count == 0) return;
        uint256 index = indexSeed % count;
        cycle = cycle % 3;
        (, uint256 principal,,) = staking.userStakeRecord(user, index);
        uint256 sunk = usdt.balanceOf(staking.computeTreasury());
        vm.prank(user);
        try staking.renew(index, cycle, seenRatePpm[cycle]) returns (uint256 newIndex) {
            if (redemptions[user][index] != 0) ghostDoubleRedemptions += 1;
            redemptions[user][index] += 1;
            (, uint256 next,,) = staking.userStakeRecord(user, newIndex);
            (uint32 ratePpm,,) = staking.stakeTerms(user, newIndex);
            if (ratePpm < seenRatePpm[cycle]) ghostRenewTermsBroken += 1;
            uint256 contribution = usdt.balanceOf(staking.computeTreasury()) - sunk;
            // principal + interest = next + contribution
            ghostInterestPaid += next + contribution - principal;
            ghostContributed += contribution;
            ghostOpenPrincipal = ghostOpenPrincipal - principal + next;
            ghostRenewals += 1;
        } catch {}
    }

    function warp(uint256 secondsForward) external {
        vm.warp(block.timestamp + _bound(secondsForward, 1, 20 days));
    }

    function setCycle(uint8 cycle, uint32 rate, uint16 feeBps) external {
        vm.prank(owner);
        staking.setCycle(cycle % 3, uint32(_bound(rate, 0, 12_000)), uint16(_bound(feeBps, 0, 5000)));
    }

    function fundReserve(uint256 amount) external {
        amount = _bound(amount, 1, 500e18);
        vm.startPrank(owner);
        usdt.mint(owner, amount);
        usdt.approve(address(staking), amount);
        staking.fundReserve(amount);
        vm.stopPrank();
        ghostFunded += amount;
    }

    /// @dev A one-time backend signature over `user` and `parents`, with the message it signs.
    function _signInviter(address user, address[] memory parents)
        private
        returns (bytes memory message, bytes memory sig)
    {
        uint256 nonce = nextNonce++;
        uint256 deadline = block.timestamp + 1 hours;
        bytes32 structHash = keccak256(
            abi.encode(staking.INVITER_TYPEHASH(), user, keccak256(abi.encodePacked(parents)), nonce, deadline)
        );
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", staking.DOMAIN_SEPARATOR(), structHash));
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(signerPk, digest);
        return (abi.encode(nonce, deadline), abi.encodePacked(r, s, v));
    }

    /// @dev Counts a stake whose fee is above, or whose rate is below, what the user saw.
    function _checkSeenTerms(address user, uint256 index, uint8 cycle, uint256 amount, uint256 principal) private {
        (uint32 ratePpm,,) = staking.stakeTerms(user, index);
        if ((amount - principal) * 10_000 > amount * seenFeeBps[cycle] || ratePpm < seenRatePpm[cycle]) {
            ghostTermsBroken += 1;
        }
    }

    function _bound(uint256 x, uint256 min, uint256 max) private pure returns (uint256) {
        return min + x % (max - min + 1);
    }
}
