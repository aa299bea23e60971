// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Staking} from "../src/Staking.sol";
import {StakingHandler} from "./handlers/StakingHandler.sol";
import {StakingFixture} from "./utils/StakingFixture.sol";
import {vm} from "./utils/Vm.sol";

/// @dev Solvency and one-time redemption hold under any sequence of the handler's actions.
contract StakingInvariantTest is StakingFixture {
    StakingHandler internal handler;

    function setUp() public override {
        super.setUp();
        address[] memory actors = new address[](4);
        actors[0] = alice;
        actors[1] = bob;
        actors[2] = carol;
        actors[3] = vm.addr(0xD0D);
        fund(actors[3], 100_000e18);
        // A fresh Staking with a small reserve, so that stakes the reserve cannot cover are tried too.
        staking = new Staking(address(usdt), address(free), address(router), signerAddr, owner);
        vm.startPrank(owner);
        usdt.mint(owner, 500e18);
        usdt.approve(address(staking), 500e18);
        staking.fundReserve(500e18);
        vm.stopPrank();
        for (uint256 i; i < actors.length; ++i) {
            fund(actors[i], 0);
        }
        handler = new StakingHandler(staking, usdt, owner, SIGNER_PK, actors);
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function invariant_committedNeverAboveReserve() public view {
        assertLe(staking.committed(), staking.reserve(), "committed <= reserve");
    }

    function invariant_balanceCoversOpenPrincipalAndReserve() public view {
        assertGe(
            usdt.balanceOf(address(staking)),
            staking.openPrincipal() + staking.reserve(),
            "USDT balance >= open principal + reserve"
        );
    }

    function invariant_noRecordRedeemedTwice() public view {
        assertEq(handler.ghostDoubleRedemptions(), 0, "a record paid twice");
    }

    function invariant_accountingMatchesGhosts() public view {
        assertEq(staking.openPrincipal(), handler.ghostOpenPrincipal(), "open principal");
        assertEq(staking.reserve(), handler.ghostFunded() - handler.ghostInterestPaid(), "reserve = funded - paid");
    }

    function invariant_stakesGetTheTermsTheUserSaw() public view {
        assertEq(handler.ghostTermsBroken(), 0, "a stake got a higher fee or a lower rate than seen");
        assertEq(handler.ghostRenewTermsBroken(), 0, "a renewal got a lower rate than seen");
    }

    function invariant_preacherMeansAnOpenStake() public view {
        for (uint256 a; a < handler.actorCount(); ++a) {
            address user = handler.actors(a);
            uint256 open;
            uint256 n = staking.stakeCount(user);
            for (uint256 i; i < n; ++i) {
                (,, bool redeemed,) = staking.userStakeRecord(user, i);
                if (!redeemed) ++open;
            }
            assertEq(staking.isPreacher(user), open != 0, "isPreacher == has an open stake");
        }
    }
}
