// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Staking} from "../src/Staking.sol";
import {Test} from "./utils/Test.sol";
import {vm} from "./utils/Vm.sol";

/// @dev A hostile "USDT" that calls back into Staking while Staking pays it out.
contract ReenteringToken is ERC20 {
    Staking public target;
    bytes public reentryError;
    bool public reentered;

    constructor() ERC20("Evil", "EVIL") {}

    function arm(Staking target_) external {
        target = target_;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (address(target) != address(0) && from == address(target)) {
            reentered = true;
            try target.unstake(0) {}
            catch (bytes memory err) {
                reentryError = err;
            }
        }
    }
}

contract StakingReentrancyTest is Test {
    function test_unstakeCannotBeReentered() public {
        address owner = address(0x0A11);
        ReenteringToken evil = new ReenteringToken();
        Staking staking = new Staking(address(evil), address(0xF4EE), address(0x4007E4), address(0x5161), owner);
        evil.mint(owner, 1000e18);
        evil.mint(address(this), 100e18);
        vm.startPrank(owner);
        staking.setCycle(0, 6000, 0); // no fee: no swap needed
        evil.approve(address(staking), 1000e18);
        staking.fundReserve(1000e18);
        vm.stopPrank();
        evil.approve(address(staking), 100e18);
        staking.stake(100e18, 0, 0, type(uint16).max, 0);
        vm.warp(block.timestamp + 7 days);
        evil.arm(staking);

        staking.unstake(0);

        assertTrue(evil.reentered(), "token called back");
        assertEq(
            bytes32(evil.reentryError()),
            bytes32(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector),
            "reentry refused by the guard"
        );
        (,, bool redeemed,) = staking.userStakeRecord(address(this), 0);
        assertTrue(redeemed, "redeemed once");
    }
}
