// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {SignerSet} from "../src/SignerSet.sol";
import {Staking} from "../src/Staking.sol";
import {StakingFixture} from "./utils/StakingFixture.sol";
import {vm} from "./utils/Vm.sol";

/// @dev stakeWithInviter: the one-time EIP-712 signature and the inviter binding.
contract StakingSignatureTest is StakingFixture {
    uint256 internal constant SECP256K1_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;

    function deadline() internal view returns (uint256) {
        return block.timestamp + 1 hours;
    }

    function stakeSigned(address user, address[] memory parents, uint256 nonce) internal returns (uint256) {
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, user, parents, nonce, d);
        vm.prank(user);
        return staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parents, message(nonce, d), sig);
    }

    function test_bindsInviterOnceAndConsumesNonce() public {
        address[] memory parents = new address[](2);
        parents[0] = bob;
        parents[1] = carol;
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, alice, parents, 7, d);

        vm.expectEmit(true, true, true, true, address(staking));
        emit Staking.InviterBound(alice, bob, parents, 7);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parents, message(7, d), sig);

        assertEq(staking.inviterOf(alice), bob, "inviter bound");
        assertTrue(staking.nonceUsed(7), "nonce used");
        assertEq(staking.stakeCount(alice), 1, "stake made");
        (uint256 own, uint256 directCount, uint256 directPrincipal) = staking.getTeamKpi(bob);
        assertEq(own, 0, "inviter has no own stake");
        assertEq(directCount, 1, "one direct invitee");
        assertEq(directPrincipal, 9.8e18, "invitee principal counted");
        (own,,) = staking.getTeamKpi(alice);
        assertEq(own, 9.8e18, "own principal");
        (, directCount,) = staking.getTeamKpi(carol);
        assertEq(directCount, 0, "only the direct inviter is updated");
    }

    function test_laterSignedStakeKeepsTheFirstBinding() public {
        stakeSigned(alice, parentsOf(bob), 1);
        stakeSigned(alice, parentsOf(carol), 2);
        assertEq(staking.inviterOf(alice), bob, "first binding kept");
        (, uint256 bobCount, uint256 bobPrincipal) = staking.getTeamKpi(bob);
        (, uint256 carolCount,) = staking.getTeamKpi(carol);
        assertEq(bobCount, 1, "counted once");
        assertEq(bobPrincipal, 2 * 9.8e18, "both stakes count for the bound inviter");
        assertEq(carolCount, 0, "second inviter ignored");
    }

    function test_emptyParentsStakesWithoutBinding() public {
        stakeSigned(alice, new address[](0), 3);
        assertEq(staking.inviterOf(alice), address(0), "no inviter");
        assertEq(staking.stakeCount(alice), 1, "stake made");
        assertTrue(staking.nonceUsed(3), "nonce used");
    }

    function test_stakesBeforeBindingCountAndUnstakeUncounts() public {
        vm.prank(alice);
        staking.stake(100e18, 0, 0, ANY_FEE, ANY_RATE);
        stakeSigned(alice, parentsOf(bob), 4);
        (, uint256 count, uint256 principal) = staking.getTeamKpi(bob);
        assertEq(count, 1, "direct count");
        assertEq(principal, 98e18 + 9.8e18, "earlier stake counted at binding");
        vm.warp(block.timestamp + 7 days);
        vm.startPrank(alice);
        staking.unstake(0);
        staking.unstake(1);
        vm.stopPrank();
        (, count, principal) = staking.getTeamKpi(bob);
        assertEq(count, 1, "a direct stays direct");
        assertEq(principal, 0, "redeemed principal no longer active");
        assertFalse(staking.isPreacher(alice), "no active stake");
    }

    function test_isPreacherFollowsActiveStakes() public {
        assertFalse(staking.isPreacher(alice), "not before staking");
        vm.startPrank(alice);
        staking.stake(10e18, 0, 0, ANY_FEE, ANY_RATE);
        staking.stake(10e18, 0, 1, ANY_FEE, ANY_RATE);
        vm.warp(block.timestamp + 7 days);
        staking.unstake(0);
        assertTrue(staking.isPreacher(alice), "one stake still open");
        vm.warp(block.timestamp + 8 days);
        staking.unstake(1);
        vm.stopPrank();
        assertFalse(staking.isPreacher(alice), "all redeemed");
    }

    function test_refusesReplay() public {
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 9, d);
        vm.startPrank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(9, d), sig);
        vm.expectRevert(abi.encodeWithSelector(Staking.NonceAlreadyUsed.selector, 9));
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(9, d), sig);
        // A fresh signature over a used nonce is refused too: the nonce, not the bytes, is spent.
        bytes memory other = signInviter(SIGNER_PK, alice, parentsOf(bob), 9, d + 1);
        vm.expectRevert(abi.encodeWithSelector(Staking.NonceAlreadyUsed.selector, 9));
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(9, d + 1), other);
        vm.stopPrank();
    }

    function test_refusesHighSTwin() public {
        uint256 d = deadline();
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(SIGNER_PK, inviterDigest(address(staking), block.chainid, alice, parentsOf(bob), 1, d));
        bytes memory twin = abi.encodePacked(r, bytes32(SECP256K1_N - uint256(s)), v == 27 ? uint8(28) : uint8(27));
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), twin);
        assertFalse(staking.nonceUsed(1), "nonce still free");
    }

    function test_refusesWrongChainId() public {
        uint256 d = deadline();
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(SIGNER_PK, inviterDigest(address(staking), 56, alice, parentsOf(bob), 1, d));
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), abi.encodePacked(r, s, v));
    }

    function test_refusesSignatureAfterChainIdChanges() public {
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.chainId(block.chainid + 1);
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
    }

    function test_refusesWrongContract() public {
        uint256 d = deadline();
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(SIGNER_PK, inviterDigest(address(0xC0FFEE), block.chainid, alice, parentsOf(bob), 1, d));
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), abi.encodePacked(r, s, v));
    }

    function test_refusesWrongSender() public {
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(carol);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
    }

    function test_refusesExpiredAndAcceptsAtTheDeadline() public {
        uint256 d = block.timestamp;
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.warp(d + 1);
        vm.expectRevert(abi.encodeWithSelector(Staking.SignatureExpired.selector, d));
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
        vm.warp(d);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
    }

    function test_refusesOtherSignerTamperedParentsAndBadLength() public {
        uint256 d = deadline();
        bytes memory foreign = signInviter(ALICE_PK, alice, parentsOf(bob), 1, d);
        bytes memory good = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.startPrank(alice);
        vm.expectRevert(Staking.InvalidSignature.selector);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), foreign);
        vm.expectRevert(Staking.InvalidSignature.selector);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(carol), message(1, d), good);
        vm.expectRevert(Staking.InvalidSignature.selector);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d + 1), good);
        (bytes32 r, bytes32 vs) = compact(good);
        vm.expectRevert(Staking.InvalidSignature.selector);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), abi.encodePacked(r, vs));
        vm.expectRevert(Staking.InvalidSignature.selector);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), "");
        vm.stopPrank();
    }

    function test_refusesMalformedMessage() public {
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.startPrank(alice);
        vm.expectRevert(Staking.InvalidMessage.selector);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), abi.encode(uint256(1)), sig);
        vm.expectRevert(Staking.InvalidMessage.selector);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), abi.encodePacked(message(1, d), uint8(0)), sig);
        vm.stopPrank();
    }

    function test_refusesSelfOrZeroInviter() public {
        uint256 d = deadline();
        bytes memory selfSig = signInviter(SIGNER_PK, alice, parentsOf(alice), 1, d);
        bytes memory zeroSig = signInviter(SIGNER_PK, alice, parentsOf(address(0)), 2, d);
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidInviter.selector, alice));
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(alice), message(1, d), selfSig);
        vm.expectRevert(abi.encodeWithSelector(Staking.InvalidInviter.selector, address(0)));
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(address(0)), message(2, d), zeroSig);
        vm.stopPrank();
    }

    function test_signaturesOfARemovedSignerAreRefused() public {
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.startPrank(owner);
        staking.addSigner(vm.addr(0xBEEF));
        staking.removeSigner(signerAddr);
        vm.stopPrank();
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
        bytes memory fresh = signInviter(0xBEEF, alice, parentsOf(bob), 1, d);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), fresh);
    }

    function test_duringARotationBothSignersAreAccepted() public {
        uint256 d = deadline();
        bytes memory oldSig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.prank(owner);
        staking.addSigner(vm.addr(0xBEEF));
        bytes memory newSig = signInviter(0xBEEF, carol, parentsOf(bob), 2, d);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), oldSig);
        vm.prank(carol);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(2, d), newSig);
        assertEq(staking.inviterOf(alice), bob, "old key's signature bound alice");
        assertEq(staking.inviterOf(carol), bob, "new key's signature bound carol");
    }

    function test_signedStakeStillChecksTheStake() public {
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.expectRevert(abi.encodeWithSelector(Staking.AmountOutOfRange.selector, 0, 1e18, 1000e18));
        vm.prank(alice);
        staking.stakeWithInviter(0, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
        assertFalse(staking.nonceUsed(1), "a refused stake spends no nonce");
    }

    /// @dev The digest viem's hashTypedData gives for these inputs (computed once with viem 2.57):
    /// the contract, the test helper and the server's signer agree on the EIP-712 encoding.
    function test_digestMatchesViemHashTypedData() public {
        address at = 0x5FbDB2315678afecb367f032d93F642f64180aa3;
        address[] memory parents = new address[](2);
        parents[0] = 0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC;
        parents[1] = 0x90F79bf6EB2c4f870365E785982E1f101E93b906;
        address user = 0x70997970C51812dc3A010C7d01b50e0d17dc79C8;
        bytes32 viemDigest = 0x070492d57bd256e87a8776798dff403fb18cbff6009e9ca6fb19eeaaced33976;
        vm.chainId(31_337);
        vm.etch(at, address(staking).code);
        bytes32 structHash = keccak256(
            abi.encode(INVITER_TYPEHASH, user, keccak256(abi.encodePacked(parents)), 123_456_789, 1_750_003_600)
        );
        bytes32 onChain = keccak256(abi.encodePacked("\x19\x01", Staking(at).DOMAIN_SEPARATOR(), structHash));
        assertEq(onChain, viemDigest, "contract digest");
        assertEq(inviterDigest(at, 31_337, user, parents, 123_456_789, 1_750_003_600), viemDigest, "helper digest");
    }

    // ------------------------------------------------------------ fuzzed negatives

    function testFuzz_refusesAnyOtherSender(address sender) public {
        vm.assume(sender != alice && sender != address(0));
        uint256 d = deadline();
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(sender);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
    }

    function testFuzz_refusesAnyOtherChainId(uint64 chainId) public {
        vm.assume(chainId != block.chainid);
        uint256 d = deadline();
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(SIGNER_PK, inviterDigest(address(staking), chainId, alice, parentsOf(bob), 1, d));
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), abi.encodePacked(r, s, v));
    }

    function testFuzz_refusesAnyOtherContract(address verifyingContract) public {
        vm.assume(verifyingContract != address(staking));
        uint256 d = deadline();
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(SIGNER_PK, inviterDigest(verifyingContract, block.chainid, alice, parentsOf(bob), 1, d));
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), abi.encodePacked(r, s, v));
    }

    function testFuzz_refusesExpired(uint256 late) public {
        late = bound(late, 1, 10 * 365 days);
        uint256 d = block.timestamp;
        bytes memory sig = signInviter(SIGNER_PK, alice, parentsOf(bob), 1, d);
        vm.warp(d + late);
        vm.expectRevert(abi.encodeWithSelector(Staking.SignatureExpired.selector, d));
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
    }

    function testFuzz_replayAndHighSTwinRefused(uint256 nonce) public {
        uint256 d = deadline();
        (uint8 v, bytes32 r, bytes32 s) =
            vm.sign(SIGNER_PK, inviterDigest(address(staking), block.chainid, alice, parentsOf(bob), nonce, d));
        bytes memory twin = abi.encodePacked(r, bytes32(SECP256K1_N - uint256(s)), v == 27 ? uint8(28) : uint8(27));
        vm.startPrank(alice);
        vm.expectRevert(Staking.InvalidSignature.selector);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(nonce, d), twin);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(nonce, d), abi.encodePacked(r, s, v));
        vm.expectRevert(abi.encodeWithSelector(Staking.NonceAlreadyUsed.selector, nonce));
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(nonce, d), abi.encodePacked(r, s, v));
        vm.stopPrank();
    }

    function testFuzz_refusesAnyOtherSignerKey(uint256 pk) public {
        pk = bound(pk, 1, SECP256K1_N - 1);
        vm.assume(pk != SIGNER_PK);
        uint256 d = deadline();
        bytes memory sig = signInviter(pk, alice, parentsOf(bob), 1, d);
        vm.expectRevert(Staking.InvalidSignature.selector);
        vm.prank(alice);
        staking.stakeWithInviter(10e18, 0, 0, ANY_FEE, ANY_RATE, parentsOf(bob), message(1, d), sig);
    }

    function compact(bytes memory sig) internal pure returns (bytes32 r, bytes32 vs) {
        bytes32 s;
        uint8 v;
        assembly ("memory-safe") {
            r := mload(add(sig, 0x20))
            s := mload(add(sig, 0x40))
            v := byte(0, mload(add(sig, 0x60)))
        }
        vs = bytes32(uint256(s) | (uint256(v - 27) << 255));
    }
}
