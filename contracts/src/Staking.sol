// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SignerSet} from "./SignerSet.sol";

/// @dev The part of a Uniswap V2-style router (Uniswap, PancakeSwap) that Staking uses.
interface ISwapRouterV2 {
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}

/// @dev FREE's ERC20Burnable `burn`: burning lowers totalSupply (a transfer to 0xdEaD would not).
interface IBurnable {
    function burn(uint256 value) external;
}

/// @title FREE fixed-cycle USDT staking with daily compound interest paid from a funded reserve.
/// @notice A stake of `amount` USDT pays the cycle's fee (swapped to FREE through the DEX router and
/// burned) and locks `principal = amount - fee` for 7, 15 or 30 days. After maturity `unstake` pays
/// the principal plus `principal * ((1 + rate)^days - 1)`, rounded down, from the reward reserve.
/// Solvency: every stake commits its maximum interest (rounded up) at stake time and is refused when
/// the commitments would exceed the funded reserve, so `committed <= reserve` always holds and the
/// contract's USDT balance always covers `openPrincipal + reserve`. Rates and fees apply to new
/// stakes only: each record keeps the rate it was made at. A matured record can be renewed by its
/// owner (`renew`): principal plus interest become a new record without leaving the contract.
contract Staking is Ownable2Step, ReentrancyGuardTransient, EIP712, SignerSet {
    using SafeERC20 for IERC20;

    /// @dev One record is one storage slot (128 + 40 + 8 + 32 + 8 + 16 bits). `round` is 1 for a
    /// stake and one more than the renewed record's for a renewal.
    struct StakeRecord {
        uint128 principal;
        uint40 stakeTime;
        uint8 stakeIndex;
        uint32 ratePpm;
        bool redeemed;
        uint16 round;
    }

    /// @dev Per-account on-chain figures, one slot: see getTeamKpi for why so few.
    struct Account {
        address inviter;
        uint32 directCount;
        uint32 activeStakes;
    }

    /// @dev Active (unredeemed) principal of the account and of its direct invitees, one slot.
    struct Principals {
        uint128 own;
        uint128 direct;
    }

    uint256 public constant MIN_STAKE_AMOUNT = 1e18;
    uint32 public constant MAX_RATE_PPM = 12_000; // 1.2 % per day
    uint16 public constant MAX_FEE_BPS = 5000;
    uint8 public constant CYCLES = 3;
    /// @notice Every COMPUTE_EVERY_ROUNDS-th round, renewing it turns COMPUTE_SHARE_BPS of
    /// (principal + interest) into computing power: that USDT goes to `computeTreasury`.
    uint16 public constant COMPUTE_EVERY_ROUNDS = 3;
    uint16 public constant COMPUTE_SHARE_BPS = 2000;
    uint256 private constant WAD = 1e18;
    uint256 private constant BPS = 10_000;

    bytes32 public constant INVITER_TYPEHASH =
        keccak256("Inviter(address user,address[] parents,uint256 nonce,uint256 deadline)");

    // Lower-case on purpose: the getters usdt(), free(), router() match the deployment file's keys.
    /* solhint-disable immutable-vars-naming */
    IERC20 public immutable usdt;
    IERC20 public immutable free;
    ISwapRouterV2 public immutable router;
    /* solhint-enable immutable-vars-naming */

    uint256 public maxStakeAmount = 1000e18;
    /// @notice USDT set aside for interest (funded, minus interest paid out).
    uint256 public reserve;
    /// @notice Maximum interest still owed to open stakes; never above `reserve`.
    uint256 public committed;
    /// @notice Principal of all open (unredeemed) stakes.
    uint256 public openPrincipal;
    /// @notice Receives the computing-power share of every third renewal (see `renew`).
    address public computeTreasury;
    /// @notice Signer nonces already consumed (global to the signer: use random 256-bit values).
    mapping(uint256 nonce => bool used) public nonceUsed;

    uint32[3] private _ratePpm = [uint32(6000), 9000, 12_000];
    uint16[3] private _feeBps = [uint16(200), 200, 200];
    mapping(address user => StakeRecord[]) private _records;
    mapping(address user => Account) private _accounts;
    mapping(address user => Principals) private _principals;

    event Staked(
        address indexed user,
        uint256 indexed index,
        uint8 stakeIndex,
        uint256 amount,
        uint256 principal,
        uint256 fee,
        uint256 freeBurned,
        uint32 ratePpm,
        uint256 maxInterest
    );
    event Unstaked(address indexed user, uint256 indexed index, uint256 principal, uint256 interest);
    /// @notice Record `oldIndex` (matured) was closed and its principal + interest, less the
    /// computing-power `contribution`, became record `newIndex` of cycle `stakeIndex`, round `round`.
    event Renewed(
        address indexed user,
        uint256 indexed oldIndex,
        uint256 newIndex,
        uint8 stakeIndex,
        uint256 principal,
        uint256 interest,
        uint256 contribution,
        uint32 ratePpm,
        uint256 maxInterest,
        uint16 round
    );
    event ComputeTreasuryUpdated(address indexed previousTreasury, address indexed newTreasury);
    event InviterBound(address indexed user, address indexed inviter, address[] parents, uint256 nonce);
    event ReserveFunded(address indexed from, uint256 amount);
    event CycleUpdated(uint8 indexed stakeIndex, uint32 ratePpm, uint16 feeBps);
    event MaxStakeAmountUpdated(uint256 maxStakeAmount);

    error ZeroAddress();
    error ZeroAmount();
    error InvalidStakeIndex(uint8 stakeIndex);
    error AmountOutOfRange(uint256 amount, uint256 min, uint256 max);
    error InsufficientReserve(uint256 needed, uint256 available);
    error StakeNotFound(uint256 index);
    error AlreadyRedeemed(uint256 index);
    error NotMatured(uint256 maturesAt);
    error InvalidMessage();
    error SignatureExpired(uint256 deadline);
    error NonceAlreadyUsed(uint256 nonce);
    error InvalidSignature();
    error InvalidInviter(address inviter);
    error RateTooHigh(uint32 ratePpm);
    error FeeTooHigh(uint16 feeBps);
    error InvalidMaxStakeAmount(uint256 amount);
    /// @notice The cycle's terms are worse than the stake accepts: its fee above `maxFeeBps` or its
    /// rate below `minRatePpm` (the owner changed them after the user saw them).
    error StakeTermsChanged(uint16 feeBps, uint32 ratePpm);

    constructor(address usdt_, address free_, address router_, address signer_, address owner_)
        Ownable(owner_)
        EIP712("FREE Staking", "1")
    {
        if (usdt_ == address(0) || free_ == address(0) || router_ == address(0) || signer_ == address(0)) {
            revert ZeroAddress();
        }
        usdt = IERC20(usdt_);
        free = IERC20(free_);
        router = ISwapRouterV2(router_);
        _addSigner(signer_);
        computeTreasury = owner_;
    }

    // ---------------------------------------------------------------- user actions

    /// @notice Stakes `amount` USDT (approve it first) in cycle `stakeIndex` (0: 7, 1: 15, 2: 30 days).
    /// @param minOut The least FREE the fee swap must return (the user's slippage bound; 0 accepts any).
    /// @param maxFeeBps The highest cycle fee the user accepts (the fee shown to the user).
    /// @param minRatePpm The lowest daily rate the user accepts (the rate shown to the user).
    /// @dev The bounds make the terms the user saw the terms the user gets: a `setCycle` mined before
    /// the stake (even in the same block) that raises the fee or lowers the rate makes it revert.
    /// @return index The new record's index in `userStakeRecord(msg.sender, index)`.
    function stake(uint256 amount, uint256 minOut, uint8 stakeIndex, uint16 maxFeeBps, uint32 minRatePpm)
        external
        nonReentrant
        returns (uint256 index)
    {
        _checkTerms(stakeIndex, maxFeeBps, minRatePpm, true);
        return _stake(msg.sender, amount, minOut, stakeIndex);
    }

    /// @notice Stakes like `stake`, first checking a one-time backend signature over the caller, the
    /// inviter chain `parents` (nearest first) and `message = abi.encode(uint256 nonce, uint256 deadline)`.
    /// The first such stake binds `parents[0]` as the caller's inviter; later ones keep that binding.
    /// `maxFeeBps` and `minRatePpm` bound the cycle's terms as in `stake`.
    function stakeWithInviter(
        uint256 amount,
        uint256 minOut,
        uint8 stakeIndex,
        uint16 maxFeeBps,
        uint32 minRatePpm,
        address[] calldata parents,
        bytes calldata message,
        bytes calldata signature
    ) external nonReentrant returns (uint256 index) {
        _checkTerms(stakeIndex, maxFeeBps, minRatePpm, true);
        uint256 nonce = _useInviterSignature(parents, message, signature);
        if (parents.length != 0 && _accounts[msg.sender].inviter == address(0)) {
            _bindInviter(msg.sender, parents, nonce);
        }
        return _stake(msg.sender, amount, minOut, stakeIndex);
    }

    /// @notice Redeems a matured record: pays principal plus interest in USDT, once.
    function unstake(uint256 index) external nonReentrant {
        StakeRecord storage slot = _record(msg.sender, index);
        StakeRecord memory r = slot;
        if (r.redeemed) revert AlreadyRedeemed(index);
        uint256 cycle = cycleDays(r.stakeIndex);
        uint256 maturesAt = uint256(r.stakeTime) + cycle * 1 days;
        if (block.timestamp < maturesAt) revert NotMatured(maturesAt);

        slot.redeemed = true;
        uint256 gain = compoundFactor(r.ratePpm, cycle) - WAD;
        uint256 interest = Math.mulDiv(r.principal, gain, WAD);
        committed -= Math.mulDiv(r.principal, gain, WAD, Math.Rounding.Ceil);
        reserve -= interest;
        openPrincipal -= r.principal;
        --_accounts[msg.sender].activeStakes;
        _principals[msg.sender].own -= r.principal;
        address inviter = _accounts[msg.sender].inviter;
        if (inviter != address(0)) _principals[inviter].direct -= r.principal;

        usdt.safeTransfer(msg.sender, r.principal + interest);
        emit Unstaked(msg.sender, index, r.principal, interest);
    }

    /// @notice Renews a matured record of the caller in one transaction: the record is closed and its
    /// principal plus interest start a new record of cycle `stakeIndex` at that cycle's current rate.
    /// No fee is taken and nothing is swapped or burned (the tokens never leave the contract), except
    /// on every COMPUTE_EVERY_ROUNDS-th round: COMPUTE_SHARE_BPS of principal + interest then leaves
    /// as computing power, to `computeTreasury`.
    /// @param minRatePpm The lowest daily rate the user accepts, as in `stake` (there is no fee to bound).
    /// @dev Solvency as in `stake`: the old record's commitment is released and its interest paid
    /// out of the reserve into the new principal; the new record's maximum interest must then fit.
    /// @return newIndex The new record's index.
    function renew(uint256 index, uint8 stakeIndex, uint32 minRatePpm)
        external
        nonReentrant
        returns (uint256 newIndex)
    {
        _checkTerms(stakeIndex, 0, minRatePpm, false);
        StakeRecord storage slot = _record(msg.sender, index);
        StakeRecord memory r = slot;
        if (r.redeemed) revert AlreadyRedeemed(index);
        _checkMatured(r);

        Renewal memory n = _renewal(r, stakeIndex);
        uint256 newReserve = reserve - n.interest;
        uint256 newCommitted = committed - n.oldCommitment + n.maxInterest;
        if (newCommitted > newReserve) {
            revert InsufficientReserve(n.maxInterest, newReserve + n.maxInterest - newCommitted);
        }

        slot.redeemed = true;
        reserve = newReserve;
        committed = newCommitted;
        openPrincipal = openPrincipal - r.principal + n.principal;
        newIndex = _records[msg.sender].length;
        _records[msg.sender].push(
            StakeRecord({
                principal: SafeCast.toUint128(n.principal),
                stakeTime: uint40(block.timestamp),
                stakeIndex: stakeIndex,
                ratePpm: n.ratePpm,
                redeemed: false,
                round: n.round
            })
        );
        _movePrincipal(msg.sender, r.principal, n.principal);

        if (n.contribution != 0) usdt.safeTransfer(computeTreasury, n.contribution);
        emit Renewed(
            msg.sender,
            index,
            newIndex,
            stakeIndex,
            n.principal,
            n.interest,
            n.contribution,
            n.ratePpm,
            n.maxInterest,
            n.round
        );
    }

    // ---------------------------------------------------------------- owner

    /// @notice Adds `amount` USDT (approve it first) to the interest reserve.
    function fundReserve(uint256 amount) external onlyOwner {
        if (amount == 0) revert ZeroAmount();
        reserve += amount;
        usdt.safeTransferFrom(msg.sender, address(this), amount);
        emit ReserveFunded(msg.sender, amount);
    }

    /// @notice Sets a cycle's daily rate (ppm, at most 1.2 %) and fee (bps) for new stakes only. A
    /// pending stake that saw the old terms carries them as bounds and reverts if they got worse.
    function setCycle(uint8 stakeIndex, uint32 ratePpm, uint16 feeBps) external onlyOwner {
        if (stakeIndex >= CYCLES) revert InvalidStakeIndex(stakeIndex);
        if (ratePpm > MAX_RATE_PPM) revert RateTooHigh(ratePpm);
        if (feeBps > MAX_FEE_BPS) revert FeeTooHigh(feeBps);
        _ratePpm[stakeIndex] = ratePpm;
        _feeBps[stakeIndex] = feeBps;
        emit CycleUpdated(stakeIndex, ratePpm, feeBps);
    }

    /// @notice Accepts `Inviter` signatures of `newSigner` too (the first step of a rotation).
    function addSigner(address newSigner) external onlyOwner {
        _addSigner(newSigner);
    }

    /// @notice Stops accepting `Inviter` signatures of `oldSigner` (never the last signer).
    function removeSigner(address oldSigner) external onlyOwner {
        _removeSigner(oldSigner);
    }

    function setComputeTreasury(address newTreasury) external onlyOwner {
        if (newTreasury == address(0)) revert ZeroAddress();
        emit ComputeTreasuryUpdated(computeTreasury, newTreasury);
        computeTreasury = newTreasury;
    }

    function setMaxStakeAmount(uint256 amount) external onlyOwner {
        if (amount < MIN_STAKE_AMOUNT || amount > type(uint128).max) revert InvalidMaxStakeAmount(amount);
        maxStakeAmount = amount;
        emit MaxStakeAmountUpdated(amount);
    }

    // ---------------------------------------------------------------- views

    function stakeCount(address user) external view returns (uint256) {
        return _records[user].length;
    }

    /// @return stakeTime Block time of the stake.
    /// @return amount The principal (amount staked minus the fee).
    /// @return status True once redeemed.
    /// @return stakeIndex The cycle (0: 7, 1: 15, 2: 30 days).
    function userStakeRecord(address user, uint256 index)
        external
        view
        returns (uint256 stakeTime, uint256 amount, bool status, uint8 stakeIndex)
    {
        StakeRecord memory r = _record(user, index);
        return (r.stakeTime, r.principal, r.redeemed, r.stakeIndex);
    }

    /// @notice The record's snapshot terms: its daily rate, maturity time and maximum interest.
    function stakeTerms(address user, uint256 index)
        external
        view
        returns (uint32 ratePpm, uint256 maturesAt, uint256 maxInterest)
    {
        StakeRecord memory r = _record(user, index);
        uint256 cycle = cycleDays(r.stakeIndex);
        uint256 gain = compoundFactor(r.ratePpm, cycle) - WAD;
        return
            (r.ratePpm, uint256(r.stakeTime) + cycle * 1 days, Math.mulDiv(r.principal, gain, WAD, Math.Rounding.Ceil));
    }

    /// @notice The record's round: 1 for a stake, one more than the renewed record's for a renewal.
    function stakeRound(address user, uint256 index) external view returns (uint16) {
        return _record(user, index).round;
    }

    /// @notice Interest earned so far in whole days (capped at the cycle), rounded down. After
    /// maturity it is what `unstake` pays (or paid, when the record is redeemed).
    function rewardOfSlot(address user, uint256 index) external view returns (uint256) {
        StakeRecord memory r = _record(user, index);
        uint256 cycle = cycleDays(r.stakeIndex);
        uint256 elapsedDays = (block.timestamp - r.stakeTime) / 1 days;
        uint256 d = elapsedDays < cycle ? elapsedDays : cycle;
        return Math.mulDiv(r.principal, compoundFactor(r.ratePpm, d) - WAD, WAD);
    }

    /// @notice Minimal on-chain team figures: the account's own active principal, its number of
    /// direct invitees and their active principal.
    /// @dev Only the direct inviter is updated on chain. Updating every ancestor cost 250-760 k gas
    /// per stake for a 30-level chain, paid by the staker; the whole-team figures (all descendants,
    /// zones, levels) are derived off chain from the InviterBound, Staked and Unstaked events, which
    /// carry every id and amount needed. On chain we keep only what is cheap: O(1) per stake.
    function getTeamKpi(address user)
        external
        view
        returns (uint256 ownPrincipal, uint256 directCount, uint256 directPrincipal)
    {
        Principals memory p = _principals[user];
        return (p.own, _accounts[user].directCount, p.direct);
    }

    /// @notice True while the account has at least one active (unredeemed) stake.
    function isPreacher(address user) external view returns (bool) {
        return _accounts[user].activeStakes != 0;
    }

    function inviterOf(address user) external view returns (address) {
        return _accounts[user].inviter;
    }

    function cycleRatePpm(uint8 stakeIndex) external view returns (uint32) {
        if (stakeIndex >= CYCLES) revert InvalidStakeIndex(stakeIndex);
        return _ratePpm[stakeIndex];
    }

    function cycleFeeBps(uint8 stakeIndex) external view returns (uint16) {
        if (stakeIndex >= CYCLES) revert InvalidStakeIndex(stakeIndex);
        return _feeBps[stakeIndex];
    }

    /// @notice Length of cycle `stakeIndex` in days: 7, 15, 30.
    function cycleDays(uint8 stakeIndex) public pure returns (uint256) {
        if (stakeIndex == 0) return 7;
        if (stakeIndex == 1) return 15;
        if (stakeIndex == 2) return 30;
        revert InvalidStakeIndex(stakeIndex);
    }

    /// @notice Reserve not yet committed to open stakes: the most interest a new stake may commit.
    function availableReserve() external view returns (uint256) {
        return reserve - committed;
    }

    /// @notice (1 + ratePpm / 1e6) ^ numDays in 1e18 fixed point, each daily step rounded down, so
    /// it never exceeds the exact value and never decreases as days pass.
    function compoundFactor(uint256 ratePpm, uint256 numDays) public pure returns (uint256 factor) {
        uint256 daily = WAD + ratePpm * 1e12;
        factor = WAD;
        for (uint256 i; i < numDays; ++i) {
            factor = factor * daily / WAD;
        }
    }

    /// @notice The EIP-712 domain separator (name "FREE Staking", version "1").
    // The upper-case name is the one EIP-712 tooling looks for.
    // solhint-disable-next-line func-name-mixedcase
    function DOMAIN_SEPARATOR() external view returns (bytes32) {
        return _domainSeparatorV4();
    }

    // ---------------------------------------------------------------- internals

    /// @dev The figures of one stake, in memory to keep the stack shallow.
    struct Quote {
        uint256 fee;
        uint256 principal;
        uint256 maxInterest;
        uint32 ratePpm;
    }

    /// @dev The figures of one renewal of the matured record `r` into cycle `stakeIndex`.
    struct Renewal {
        uint256 interest;
        uint256 oldCommitment;
        uint256 contribution;
        uint256 principal;
        uint256 maxInterest;
        uint32 ratePpm;
        uint16 round;
    }

    /// @dev The team figures follow a renewal's principal; activeStakes is unchanged (one record
    /// closed, one opened).
    function _movePrincipal(address user, uint256 oldPrincipal, uint256 newPrincipal) private {
        _principals[user].own = uint128(_principals[user].own - oldPrincipal + newPrincipal);
        address inviter = _accounts[user].inviter;
        if (inviter != address(0)) {
            _principals[inviter].direct = uint128(_principals[inviter].direct - oldPrincipal + newPrincipal);
        }
    }

    function _checkMatured(StakeRecord memory r) private view {
        uint256 maturesAt = uint256(r.stakeTime) + cycleDays(r.stakeIndex) * 1 days;
        if (block.timestamp < maturesAt) revert NotMatured(maturesAt);
    }

    function _renewal(StakeRecord memory r, uint8 stakeIndex) private view returns (Renewal memory n) {
        uint256 gain = compoundFactor(r.ratePpm, cycleDays(r.stakeIndex)) - WAD;
        n.interest = Math.mulDiv(r.principal, gain, WAD);
        n.oldCommitment = Math.mulDiv(r.principal, gain, WAD, Math.Rounding.Ceil);
        uint256 total = r.principal + n.interest;
        // every COMPUTE_EVERY_ROUNDS-th round (counted across renewals) gives its share
        if (r.round % COMPUTE_EVERY_ROUNDS == 0) n.contribution = total * COMPUTE_SHARE_BPS / BPS;
        n.principal = total - n.contribution;
        n.ratePpm = _ratePpm[stakeIndex];
        n.round = r.round + 1;
        n.maxInterest =
            Math.mulDiv(n.principal, compoundFactor(n.ratePpm, cycleDays(stakeIndex)) - WAD, WAD, Math.Rounding.Ceil);
    }

    function _stake(address user, uint256 amount, uint256 minOut, uint8 stakeIndex) private returns (uint256 index) {
        Quote memory q = _quote(amount, stakeIndex);
        uint256 newCommitted = committed + q.maxInterest;
        uint256 funded = reserve;
        if (newCommitted > funded) revert InsufficientReserve(q.maxInterest, funded - committed);

        committed = newCommitted;
        openPrincipal += q.principal;
        index = _records[user].length;
        _records[user].push(
            StakeRecord({
                principal: uint128(q.principal), // principal <= maxStakeAmount <= type(uint128).max
                stakeTime: uint40(block.timestamp),
                stakeIndex: stakeIndex,
                ratePpm: q.ratePpm,
                redeemed: false,
                round: 1
            })
        );
        ++_accounts[user].activeStakes;
        _principals[user].own += uint128(q.principal);
        address inviter = _accounts[user].inviter;
        if (inviter != address(0)) _principals[inviter].direct += uint128(q.principal);

        usdt.safeTransferFrom(user, address(this), amount);
        uint256 freeBurned = q.fee == 0 ? 0 : _swapFeeAndBurn(q.fee, minOut);
        emit Staked(user, index, stakeIndex, amount, q.principal, q.fee, freeBurned, q.ratePpm, q.maxInterest);
    }

    /// @dev Refuses the stake when the cycle's current terms are worse than the caller accepts; a
    /// renewal takes no fee, so only its rate is bound (`feeApplies` false).
    function _checkTerms(uint8 stakeIndex, uint16 maxFeeBps, uint32 minRatePpm, bool feeApplies) private view {
        if (stakeIndex >= CYCLES) revert InvalidStakeIndex(stakeIndex);
        uint16 feeBps = _feeBps[stakeIndex];
        uint32 ratePpm = _ratePpm[stakeIndex];
        if ((feeApplies && feeBps > maxFeeBps) || ratePpm < minRatePpm) revert StakeTermsChanged(feeBps, ratePpm);
    }

    function _quote(uint256 amount, uint8 stakeIndex) private view returns (Quote memory q) {
        uint256 cycle = cycleDays(stakeIndex);
        uint256 maxAmount = maxStakeAmount;
        if (amount < MIN_STAKE_AMOUNT || amount > maxAmount) {
            revert AmountOutOfRange(amount, MIN_STAKE_AMOUNT, maxAmount);
        }
        q.ratePpm = _ratePpm[stakeIndex];
        q.fee = amount * _feeBps[stakeIndex] / BPS;
        q.principal = amount - q.fee;
        q.maxInterest = Math.mulDiv(q.principal, compoundFactor(q.ratePpm, cycle) - WAD, WAD, Math.Rounding.Ceil);
    }

    function _swapFeeAndBurn(uint256 fee, uint256 minOut) private returns (uint256 freeBurned) {
        address[] memory path = new address[](2);
        path[0] = address(usdt);
        path[1] = address(free);
        usdt.forceApprove(address(router), fee);
        uint256[] memory amounts = router.swapExactTokensForTokens(fee, minOut, path, address(this), block.timestamp);
        freeBurned = amounts[1];
        IBurnable(address(free)).burn(freeBurned);
    }

    /// @dev Checks the one-time `Inviter` signature for msg.sender and consumes its nonce.
    function _useInviterSignature(address[] calldata parents, bytes calldata message, bytes calldata signature)
        private
        returns (uint256 nonce)
    {
        if (message.length != 64) revert InvalidMessage();
        uint256 deadline;
        (nonce, deadline) = abi.decode(message, (uint256, uint256));
        if (block.timestamp > deadline) revert SignatureExpired(deadline);
        if (nonceUsed[nonce]) revert NonceAlreadyUsed(nonce);
        bytes32 digest = _hashTypedDataV4(
            keccak256(abi.encode(INVITER_TYPEHASH, msg.sender, keccak256(abi.encodePacked(parents)), nonce, deadline))
        );
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecoverCalldata(digest, signature);
        if (err != ECDSA.RecoverError.NoError || !isSigner[recovered]) revert InvalidSignature();
        nonceUsed[nonce] = true;
    }

    function _bindInviter(address user, address[] calldata parents, uint256 nonce) private {
        address inviter = parents[0];
        if (inviter == address(0) || inviter == user) revert InvalidInviter(inviter);
        _accounts[user].inviter = inviter;
        ++_accounts[inviter].directCount;
        // Stakes made before the binding count for the new inviter too, so unstake stays balanced.
        _principals[inviter].direct += _principals[user].own;
        emit InviterBound(user, inviter, parents, nonce);
    }

    function _record(address user, uint256 index) private view returns (StakeRecord storage) {
        StakeRecord[] storage list = _records[user];
        if (index >= list.length) revert StakeNotFound(index);
        return list[index];
    }
}
