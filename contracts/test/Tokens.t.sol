// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ERC20Capped} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Capped.sol";
import {FccToken} from "../src/FccToken.sol";
import {FreeToken} from "../src/FreeToken.sol";
import {TestUSDT} from "../src/TestUSDT.sol";
import {Test} from "./utils/Test.sol";
import {vm} from "./utils/Vm.sol";

contract TokensTest is Test {
    uint256 internal constant CAP = 1_000_000e18;
    address internal admin = address(0xAD);
    address internal user = address(0xB0B);
    address internal spender = address(0x5E);

    FreeToken internal free;
    FccToken internal fcc;
    TestUSDT internal usdt;

    function setUp() public {
        free = new FreeToken(admin, CAP);
        fcc = new FccToken(admin, CAP);
        usdt = new TestUSDT(admin);
    }

    function test_metadata() public view {
        assertEq(keccak256(bytes(free.symbol())), keccak256("FREE"), "FREE symbol");
        assertEq(keccak256(bytes(fcc.symbol())), keccak256("FCC"), "FCC symbol");
        assertEq(keccak256(bytes(usdt.symbol())), keccak256("USDT"), "USDT symbol");
        assertEq(free.decimals(), 18, "FREE decimals");
        assertEq(fcc.decimals(), 18, "FCC decimals");
        assertEq(usdt.decimals(), 18, "USDT decimals");
        assertEq(free.cap(), CAP, "FREE cap");
        assertEq(fcc.cap(), CAP, "FCC cap");
    }

    function test_adminHoldsBothRoles() public view {
        assertTrue(free.hasRole(free.DEFAULT_ADMIN_ROLE(), admin), "FREE admin role");
        assertTrue(free.hasRole(free.MINTER_ROLE(), admin), "FREE minter role");
        assertTrue(fcc.hasRole(fcc.DEFAULT_ADMIN_ROLE(), admin), "FCC admin role");
        assertTrue(fcc.hasRole(fcc.MINTER_ROLE(), admin), "FCC minter role");
        assertEq(usdt.owner(), admin, "USDT owner");
    }

    function test_constructorRefusesZeroAdminAndZeroCap() public {
        vm.expectRevert(FreeToken.ZeroAdmin.selector);
        new FreeToken(address(0), CAP);
        vm.expectRevert(FccToken.ZeroAdmin.selector);
        new FccToken(address(0), CAP);
        vm.expectRevert(abi.encodeWithSelector(ERC20Capped.ERC20InvalidCap.selector, 0));
        new FreeToken(admin, 0);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new TestUSDT(address(0));
    }

    function test_mintUpToTheCapThenRefuses() public {
        vm.startPrank(admin);
        free.mint(user, CAP);
        assertEq(free.totalSupply(), CAP, "supply at cap");
        vm.expectRevert(abi.encodeWithSelector(ERC20Capped.ERC20ExceededCap.selector, CAP + 1, CAP));
        free.mint(user, 1);
        fcc.mint(user, CAP);
        vm.expectRevert(abi.encodeWithSelector(ERC20Capped.ERC20ExceededCap.selector, CAP + 1, CAP));
        fcc.mint(user, 1);
        vm.stopPrank();
    }

    function test_mintRefusedWithoutMinterRole() public {
        bytes32 role = free.MINTER_ROLE();
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, user, role));
        vm.prank(user);
        free.mint(user, 1);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, user, role));
        vm.prank(user);
        fcc.mint(user, 1);
    }

    function test_grantedMinterCanMintAndRevokedCannot() public {
        bytes32 role = free.MINTER_ROLE();
        vm.prank(admin);
        free.grantRole(role, user);
        vm.prank(user);
        free.mint(user, 5e18);
        assertEq(free.balanceOf(user), 5e18, "minted by new minter");
        vm.prank(admin);
        free.revokeRole(role, user);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, user, role));
        vm.prank(user);
        free.mint(user, 1);
    }

    function test_burnLowersTotalSupplyAndFreesCap() public {
        vm.prank(admin);
        free.mint(user, CAP);
        vm.prank(user);
        free.burn(400e18);
        assertEq(free.totalSupply(), CAP - 400e18, "supply after burn");
        assertEq(free.balanceOf(user), CAP - 400e18, "balance after burn");
        vm.prank(admin);
        free.mint(admin, 400e18);
        assertEq(free.totalSupply(), CAP, "burned room can be minted again");
    }

    function test_burnFromNeedsAllowance() public {
        vm.prank(admin);
        fcc.mint(user, 10e18);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, spender, 0, 1e18));
        vm.prank(spender);
        fcc.burnFrom(user, 1e18);
        vm.prank(user);
        fcc.approve(spender, 3e18);
        vm.prank(spender);
        fcc.burnFrom(user, 3e18);
        assertEq(fcc.totalSupply(), 7e18, "supply after burnFrom");
        assertEq(fcc.allowance(user, spender), 0, "allowance spent");
    }

    function test_burnMoreThanBalanceRefused() public {
        vm.prank(admin);
        free.mint(user, 1e18);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, user, 1e18, 2e18));
        vm.prank(user);
        free.burn(2e18);
    }

    function test_transferAndTransferFrom() public {
        vm.prank(admin);
        free.mint(user, 10e18);
        vm.prank(user);
        free.transfer(spender, 4e18);
        vm.prank(user);
        free.approve(spender, 2e18);
        vm.prank(spender);
        free.transferFrom(user, admin, 2e18);
        assertEq(free.balanceOf(user), 4e18, "sender balance");
        assertEq(free.balanceOf(spender), 4e18, "receiver balance");
        assertEq(free.balanceOf(admin), 2e18, "transferFrom receiver");
    }

    function test_testUsdtOwnerMintsOthersCannot() public {
        vm.prank(admin);
        usdt.mint(user, 7e18);
        assertEq(usdt.balanceOf(user), 7e18, "minted USDT");
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, user));
        vm.prank(user);
        usdt.mint(user, 1);
    }

    function testFuzz_burnAlwaysLowersSupply(uint256 minted, uint256 burned) public {
        minted = bound(minted, 1, CAP);
        burned = bound(burned, 0, minted);
        vm.prank(admin);
        free.mint(user, minted);
        vm.prank(user);
        free.burn(burned);
        assertEq(free.totalSupply(), minted - burned, "supply");
    }
}
