// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {FccToken} from "../../src/FccToken.sol";
import {FreeToken} from "../../src/FreeToken.sol";
import {Staking} from "../../src/Staking.sol";
import {TestUSDT} from "../../src/TestUSDT.sol";
import {Test} from "./Test.sol";
import {IUniswapV2Factory, IUniswapV2Router02, UniswapV2Deployer} from "./UniswapV2.sol";
import {vm} from "./Vm.sol";

/// @dev The local deployment in miniature: tokens, a real Uniswap V2 FREE/USDT pool, Staking with a
/// funded reserve, and users holding and approving USDT.
abstract contract StakingFixture is Test {
    /// @dev Stake bounds that accept any cycle terms, for tests about something else.
    uint16 internal constant ANY_FEE = type(uint16).max;
    uint32 internal constant ANY_RATE = 0;
    uint256 internal constant SIGNER_PK = 0x51617E5;
    uint256 internal constant ALICE_PK = 0xA11CE;
    uint256 internal constant BOB_PK = 0xB0B;
    uint256 internal constant CAROL_PK = 0xCA201;
    uint256 internal constant RESERVE = 100_000e18;
    uint256 internal constant POOL_USDT = 100_000e18;
    uint256 internal constant POOL_FREE = 1_000_000e18;

    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant INVITER_TYPEHASH =
        keccak256("Inviter(address user,address[] parents,uint256 nonce,uint256 deadline)");

    address internal owner = address(0x0A11);
    address internal signerAddr;
    address internal alice;
    address internal bob;
    address internal carol;

    TestUSDT internal usdt;
    FreeToken internal free;
    FccToken internal fcc;
    IUniswapV2Factory internal factory;
    IUniswapV2Router02 internal router;
    address internal pair;
    Staking internal staking;

    function setUp() public virtual {
        signerAddr = vm.addr(SIGNER_PK);
        alice = vm.addr(ALICE_PK);
        bob = vm.addr(BOB_PK);
        carol = vm.addr(CAROL_PK);
        vm.warp(1_750_000_000);

        usdt = new TestUSDT(owner);
        free = new FreeToken(owner, 1_000_000_000e18);
        fcc = new FccToken(owner, 1_000_000_000e18);
        (factory, router,) = UniswapV2Deployer.deploy(owner);

        vm.startPrank(owner);
        usdt.mint(owner, POOL_USDT + RESERVE);
        free.mint(owner, POOL_FREE);
        usdt.approve(address(router), POOL_USDT);
        free.approve(address(router), POOL_FREE);
        router.addLiquidity(address(usdt), address(free), POOL_USDT, POOL_FREE, 0, 0, owner, block.timestamp);
        pair = factory.getPair(address(usdt), address(free));
        staking = new Staking(address(usdt), address(free), address(router), signerAddr, owner);
        usdt.approve(address(staking), RESERVE);
        staking.fundReserve(RESERVE);
        vm.stopPrank();

        fund(alice, 100_000e18);
        fund(bob, 100_000e18);
        fund(carol, 100_000e18);
    }

    function fund(address user, uint256 amount) internal {
        vm.prank(owner);
        usdt.mint(user, amount);
        vm.prank(user);
        usdt.approve(address(staking), type(uint256).max);
    }

    function parentsOf(address a) internal pure returns (address[] memory p) {
        p = new address[](1);
        p[0] = a;
    }

    function inviterDigest(
        address verifyingContract,
        uint256 chainId,
        address user,
        address[] memory parents,
        uint256 nonce,
        uint256 deadline
    ) internal pure returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("FREE Staking"), keccak256("1"), chainId, verifyingContract)
        );
        bytes32 structHash =
            keccak256(abi.encode(INVITER_TYPEHASH, user, keccak256(abi.encodePacked(parents)), nonce, deadline));
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function signInviter(uint256 pk, address user, address[] memory parents, uint256 nonce, uint256 deadline)
        internal
        view
        returns (bytes memory)
    {
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(pk, inviterDigest(address(staking), block.chainid, user, parents, nonce, deadline));
        return abi.encodePacked(r, s, v);
    }

    function message(uint256 nonce, uint256 deadline) internal pure returns (bytes memory) {
        return abi.encode(nonce, deadline);
    }

    /// @dev Expected interest computed off the contract: daily compounding, each step rounded down.
    function expectedInterest(uint256 principal, uint256 ratePpm, uint256 numDays, bool roundUp)
        internal
        pure
        returns (uint256)
    {
        uint256 f = 1e18;
        for (uint256 i; i < numDays; ++i) {
            f = f * (1e18 + ratePpm * 1e12) / 1e18;
        }
        uint256 num = principal * (f - 1e18);
        return roundUp ? (num + 1e18 - 1) / 1e18 : num / 1e18;
    }
}
